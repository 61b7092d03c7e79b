import { occurrenceKeyText } from '@saldopilot/forecast';
import {
  occurrenceKindLabels,
  planActualMessages,
  planActualRunMessages,
  type BankEntry,
  type BankEntryMatchCreate,
  type ConfirmUniqueResult,
  type MatchSuggestions,
  type OccurrenceKey,
  type PlannedOccurrence,
  recurringMessages,
} from '@saldopilot/shared';
import type { AppDatabase } from '../../db/client.js';
import { AppError, notFound, validationFailed } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { converterTo, type Converter } from '../../lib/rates/conversion.js';
import type { RatesService } from '../../lib/rates/rates-service.js';
import type { Tenant } from '../../lib/tenant.js';
import type { BankAccountsService } from '../bank-accounts/bank-accounts.service.js';
import type { BankEntriesService } from '../bank-statements/bank-entries.service.js';
import type { CategoriesService } from '../categories/categories.service.js';
import type { ForecastsService, PlanInput } from '../forecasts/forecasts.service.js';
import type { ReferenceService } from '../reference/reference.service.js';
import { candidatesOf } from './match-candidates.js';
import { rankSuggestions, uniqueMatch, type EntryToMatch, type MatchSettings } from './match-ranking.js';
import { keyOf, matchedAmounts, toOccurrence, type PlanCache } from './plan-cache.js';
import { salaryRunSuggestions } from './salary-runs.js';
import {
  clearEntryPlan,
  deleteDismissalOf,
  dismissalsBetween,
  entriesForMatch,
  insertMatches,
  lockPlanMatches,
  markUnplanned,
  matchCountOf,
  matchesOf,
  matchSettingsOf,
  type EntryForMatch,
} from './plan-actual.repository.js';

export const matchMessages = {
  entryNotFound: 'Buchung nicht gefunden',
  invalidCategory: 'Ungültige Kategorie',
} as const;

export interface MatchServiceDeps {
  db: AppDatabase;
  clock: Clock;
  rates: RatesService;
  reference: ReferenceService;
  forecasts: ForecastsService;
  bankAccounts: BankAccountsService;
  bankEntries: BankEntriesService;
  categories: CategoriesService;
  /** Shared with the table and the dismissals (plan-cache.ts). */
  cache: PlanCache;
}

export type MatchService = ReturnType<typeof createMatchService>;

function toEntryToMatch(entry: EntryForMatch, converter: Converter): EntryToMatch {
  return {
    bookingDate: entry.bookingDate,
    amount: converter.convert(entry.amount, entry.currency),
    reference: entry.reference,
    counterpartyName: entry.counterpartyName,
    remittanceInformation: entry.remittanceInformation,
  };
}

function newMatchOf(occurrence: PlannedOccurrence) {
  const { kind, id, dueDate, name, category, amount } = occurrence;
  return { kind, id, dueDate, name, categoryName: category, plannedAmount: amount };
}

/**
 * Matching (docs/plan-actual.md "Matching", "Suggestions"): suggestions and matches of bank entries
 * to planned occurrences, "nicht geplant", and the unique suggestions confirmed at once. The
 * occurrences are computed by the engine from the forecast's input (`forecasts.planInput`), never
 * stored; matches are stored by the occurrences' identity.
 */
export function createMatchService({
  db,
  clock,
  rates,
  reference,
  forecasts,
  bankAccounts,
  bankEntries,
  categories,
  cache,
}: MatchServiceDeps) {
  function converterOf(tenant: Tenant): Converter {
    return converterTo(rates, reference.codeOf(tenant.currencyId));
  }

  /** The organisation's tolerance and window, kept while the plan's key (it names the organisation's row) holds. */
  function settingsOf(tenant: Tenant, plan: PlanInput): Promise<MatchSettings> {
    return cache.kept(`settings|${tenant.organisationId}|${plan.key}`, () =>
      matchSettingsOf(db, tenant.organisationId),
    );
  }

  /** The entry (locked when read in a transaction `reader`), or 404. */
  async function entryOf(
    reader: AppDatabase,
    tenant: Tenant,
    entryId: number,
    forUpdate = false,
  ): Promise<EntryForMatch> {
    const [entry] = await entriesForMatch(reader, tenant.organisationId, { entryIds: [entryId], forUpdate });
    if (!entry) throw notFound(matchMessages.entryNotFound);
    return entry;
  }

  /**
   * The entry linked to several occurrences at once (a salary run, docs/plan-actual.md "Matching"):
   * each must be planned, go the entry's way, not be marked "entfällt" and, unless `split`, be matched
   * to no other entry; what is open of them together must meet the entry's amount within the
   * tolerance. All in one transaction: nothing is linked unless everything is.
   */
  async function matchSeveral(tenant: Tenant, entryId: number, keys: readonly OccurrenceKey[], split: boolean) {
    const plan = await forecasts.planInput(tenant);
    const settings = await settingsOf(tenant, plan);
    const converter = converterOf(tenant);
    const dueDates = keys.map((key) => key.dueDate).sort();
    const first = dueDates[0] as string;
    const last = dueDates.at(-1) as string;
    const planned = new Map(
      (await cache.occurrencesOf(tenant.organisationId, plan, first, last)).map((occurrence) => [
        occurrenceKeyText(occurrence),
        occurrence,
      ]),
    );
    const occurrences = keys.map((key) => {
      const occurrence = planned.get(occurrenceKeyText(key));
      if (!occurrence) throw notFound(planActualRunMessages.notPlanned(occurrenceKindLabels[key.kind], key.dueDate));
      return occurrence;
    });
    await db.transaction(async (tx) => {
      await lockPlanMatches(tx, tenant.organisationId);
      const entry = await entryOf(tx, tenant, entryId, true);
      if (entry.matched) throw new AppError('CONFLICT', planActualMessages.entryTaken);
      const amount = converter.convert(entry.amount, entry.currency);
      const wrongWay = occurrences.findIndex((occurrence) => Math.sign(occurrence.amount) !== Math.sign(amount));
      if (wrongWay >= 0) throw validationFailed({ [`occurrences.${wrongWay}`]: planActualMessages.direction });
      const [dismissals, taken] = await Promise.all([
        dismissalsBetween(tx, tenant.organisationId, first, last),
        matchesOf(tx, tenant.organisationId, { dueFrom: first, dueTo: last }),
      ]);
      const dismissed = new Set(dismissals.map(keyOf));
      const matched = matchedAmounts(taken, converter);
      const takenKeys = new Set(taken.map(keyOf));
      for (const occurrence of occurrences) {
        const key = occurrenceKeyText(occurrence);
        if (dismissed.has(key)) {
          throw new AppError('CONFLICT', planActualRunMessages.dismissed(occurrence.name, occurrence.dueDate));
        }
        if (!split && takenKeys.has(key)) {
          throw new AppError('CONFLICT', planActualRunMessages.taken(occurrence.name, occurrence.dueDate));
        }
      }
      // What is still open of them: a part paid already (split) is not paid twice.
      const open = occurrences.reduce(
        (sum, occurrence) => sum + occurrence.amount - (matched.get(occurrenceKeyText(occurrence)) ?? 0),
        0,
      );
      if (
        Math.sign(open) !== Math.sign(amount) ||
        Math.abs(amount - open) * 100 > settings.tolerancePercent * Math.abs(open)
      ) {
        const currency = reference.codeOf(tenant.currencyId);
        throw validationFailed({
          occurrences: planActualRunMessages.sumOff(open, amount, currency, settings.tolerancePercent),
        });
      }
      if (!(await insertMatches(tx, tenant.organisationId, entryId, occurrences.map(newMatchOf)))) {
        throw new AppError('CONFLICT', planActualMessages.entryTaken);
      }
    });
  }

  return {
    /**
     * Entries linked to the occurrences of a transaction created in the same database transaction
     * `tx` (a recurring series accepted, docs/recurring.md "Accepting"): each entry to the occurrence
     * due on `dueDate`, at the transaction's amount in the organisation currency; several entries of
     * one occurrence are its parts (a salary run read as its parts). An entry matched meanwhile is a
     * 409, and nothing is linked.
     */
    async linkNewSeries(
      tx: AppDatabase,
      tenant: Tenant,
      series: { transactionId: number; name: string; categoryName: string; amount: number; currency: string },
      links: readonly { entryId: number; dueDate: string }[],
    ): Promise<number> {
      if (links.length === 0) return 0;
      await lockPlanMatches(tx, tenant.organisationId);
      const entries = await entriesForMatch(tx, tenant.organisationId, {
        entryIds: links.map((link) => link.entryId),
        forUpdate: true,
      });
      if (entries.length !== links.length || entries.some((entry) => entry.matched || entry.unplanned)) {
        throw new AppError('CONFLICT', recurringMessages.entryTaken);
      }
      const plannedAmount = converterOf(tenant).convert(series.amount, series.currency);
      for (const link of links) {
        const inserted = await insertMatches(tx, tenant.organisationId, link.entryId, [
          {
            kind: 'transactions',
            id: series.transactionId,
            dueDate: link.dueDate,
            name: series.name,
            categoryName: series.categoryName,
            plannedAmount,
          },
        ]);
        if (!inserted) throw new AppError('CONFLICT', recurringMessages.entryTaken);
      }
      return links.length;
    },

    /**
     * `GET /bank-entries/{id}/match-suggestions`. Without salaries:read (`tenant.seesSalaries`) no
     * salary occurrence, and so no salary run (docs/access.md "Salary figures").
     */
    async suggestions(tenant: Tenant, entryId: number): Promise<MatchSuggestions> {
      const entry = await entryOf(db, tenant, entryId);
      const plan = await forecasts.planInput(tenant);
      const settings = await settingsOf(tenant, plan);
      const converter = converterOf(tenant);
      const toMatch = toEntryToMatch(entry, converter);
      const sources = await cache.sourcesFor(
        db,
        tenant.organisationId,
        plan,
        [toMatch],
        settings,
        converter,
        clock.today(),
      );
      const candidates = candidatesOf(toMatch, sources, settings);
      const runs = salaryRunSuggestions(toMatch, { ...sources, payroll: sources.index.payroll }, settings);
      const answer = {
        entryId,
        ...settings,
        suggestions: rankSuggestions(toMatch, candidates, settings),
        runs: runs.map((run) => ({ ...run, occurrences: run.occurrences.map(toOccurrence) })),
      };
      if (tenant.seesSalaries) return answer;
      return {
        ...answer,
        suggestions: answer.suggestions.filter((suggestion) => suggestion.kind !== 'salaries'),
        runs: [],
      };
    },

    /**
     * `POST /bank-entries/{id}/match`: the entry linked to the occurrence, or to several at once
     * (`occurrences`: a salary run), all or nothing (docs/plan-actual.md "Matching").
     */
    async match(tenant: Tenant, entryId: number, body: BankEntryMatchCreate): Promise<BankEntry> {
      if (body.occurrences) {
        await matchSeveral(tenant, entryId, body.occurrences, body.split === true);
        return bankEntries.entry(tenant, entryId);
      }
      const plan = await forecasts.planInput(tenant);
      const converter = converterOf(tenant);
      // The schema demands the three fields when `occurrences` is not given.
      const key = { kind: body.kind, id: body.id, dueDate: body.dueDate } as OccurrenceKey;
      const occurrence = await cache.plannedOccurrence(tenant.organisationId, plan, key);
      await db.transaction(async (tx) => {
        // One match decision at a time per organisation: "an occurrence once" holds under concurrency.
        await lockPlanMatches(tx, tenant.organisationId);
        const entry = await entryOf(tx, tenant, entryId, true);
        if (entry.matched) throw new AppError('CONFLICT', planActualMessages.entryTaken);
        if (Math.sign(occurrence.amount) !== Math.sign(converter.convert(entry.amount, entry.currency))) {
          throw validationFailed({ kind: planActualMessages.direction });
        }
        if (!body.split && (await matchCountOf(tx, tenant.organisationId, key)) > 0) {
          throw new AppError('CONFLICT', planActualMessages.occurrenceTaken);
        }
        // Paid after all: an occurrence marked "entfällt" is expected no more, but it happened.
        await deleteDismissalOf(tx, tenant.organisationId, key);
        await insertMatches(tx, tenant.organisationId, entryId, [newMatchOf(occurrence)]);
      });
      return bankEntries.entry(tenant, entryId);
    },

    /** `DELETE /bank-entries/{id}/match`: unlinked, and no longer "nicht geplant". */
    async unmatch(tenant: Tenant, entryId: number): Promise<BankEntry> {
      await db.transaction(async (tx) => {
        await entryOf(tx, tenant, entryId, true);
        if (!(await clearEntryPlan(tx, tenant.organisationId, entryId))) {
          throw new AppError('CONFLICT', planActualMessages.notMatched);
        }
      });
      return bankEntries.entry(tenant, entryId);
    },

    /** `POST /bank-entries/{id}/unplanned`: an actual with no plan, under the category. */
    async markUnplanned(tenant: Tenant, entryId: number, categoryId: number): Promise<BankEntry> {
      await db.transaction(async (tx) => {
        const entry = await entryOf(tx, tenant, entryId, true);
        if (entry.matched) throw new AppError('CONFLICT', planActualMessages.entryTaken);
        if (!(await categories.isVisible(tx, tenant, categoryId, 'share'))) {
          throw validationFailed({ categoryId: matchMessages.invalidCategory });
        }
        await markUnplanned(tx, tenant.organisationId, entryId, categoryId);
      });
      return bankEntries.entry(tenant, entryId);
    },

    /**
     * `POST /bank-entries/confirm-unique`: every open entry (of the account, when named) whose best
     * suggestion is unique (`uniqueMatch`) is matched, in one transaction; an occurrence two entries
     * would claim is left to the user.
     */
    async confirmUnique(tenant: Tenant, bankAccountId?: number): Promise<ConfirmUniqueResult> {
      const plan = await forecasts.planInput(tenant);
      const settings = await settingsOf(tenant, plan);
      const converter = converterOf(tenant);
      return db.transaction(async (tx) => {
        // Another organisation's account is a row this one does not have (docs/api.md: 404).
        if (bankAccountId !== undefined) await bankAccounts.requireRow(tx, tenant, bankAccountId);
        await lockPlanMatches(tx, tenant.organisationId);
        const entries = await entriesForMatch(tx, tenant.organisationId, {
          openOnly: true,
          bankAccountId,
          forUpdate: true,
        });
        const toMatch = entries.map((entry) => toEntryToMatch(entry, converter));
        const sources = await cache.sourcesFor(
          tx,
          tenant.organisationId,
          plan,
          toMatch,
          settings,
          converter,
          clock.today(),
        );
        const claims = new Map<string, { entryId: number; occurrence: PlannedOccurrence }[]>();
        toMatch.forEach((entry, index) => {
          const best = uniqueMatch(entry, rankSuggestions(entry, candidatesOf(entry, sources, settings), settings));
          if (!best) return;
          const key = occurrenceKeyText(best);
          const claim = { entryId: (entries[index] as EntryForMatch).id, occurrence: toOccurrence(best) };
          claims.set(key, [...(claims.get(key) ?? []), claim]);
        });
        const matches: ConfirmUniqueResult['matches'] = [];
        for (const [, [claim, ...others]] of claims) {
          if (!claim || others.length > 0) continue;
          const { occurrence } = claim;
          if ((await matchCountOf(tx, tenant.organisationId, occurrence)) > 0) continue;
          const inserted = await insertMatches(tx, tenant.organisationId, claim.entryId, [newMatchOf(occurrence)]);
          if (inserted) matches.push(claim);
        }
        matches.sort((a, b) => a.entryId - b.entryId);
        return { confirmed: matches.length, matches };
      });
    },
  };
}
