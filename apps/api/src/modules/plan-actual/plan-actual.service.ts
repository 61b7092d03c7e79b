import {
  occurrenceKeyText,
  occurrenceState,
  plannedOccurrences,
  stateRulesOf,
  type ForecastInput,
} from '@saldopilot/forecast';
import {
  addDays,
  addMonthsToMonth,
  monthOf,
  PLAN_ACTUAL_LIMITS,
  planActualMessages,
  type BankEntry,
  type BankEntryMatchCreate,
  type ConfirmUniqueResult,
  type MatchSuggestions,
  type OccurrenceDismissal,
  type OccurrenceKey,
  type PlanActual,
  type PlanActualEntry,
  type PlanActualMonthDetail,
  type PlanActualQuery,
  type PlannedOccurrence,
} from '@saldopilot/shared';
import type { AppDatabase } from '../../db/client.js';
import { AppError, notFound, validationFailed } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { converterTo, type Converter } from '../../lib/rates/conversion.js';
import type { RatesService } from '../../lib/rates/rates-service.js';
import type { Tenant } from '../../lib/tenant.js';
import type { BankStatementsService } from '../bank-statements/bank-statements.service.js';
import { findVisibleCategory } from '../categories/categories.repository.js';
import { firstBookingDateOf } from '../forecasts/forecasts.repository.js';
import type { ForecastsService, PlanInput } from '../forecasts/forecasts.service.js';
import { remembered } from '../../lib/recently-used.js';
import type { ReferenceService } from '../reference/reference.service.js';
import { candidatesOf, indexOccurrences, type CandidateSources } from './match-candidates.js';
import {
  REFERENCE_WINDOW_DAYS,
  rankSuggestions,
  uniqueMatch,
  type EntryToMatch,
  type MatchSettings,
} from './match-ranking.js';
import { planActualTable, type CountedEntry } from './plan-actual-table.js';
import {
  accountBalancesOf,
  clearEntryPlan,
  deleteDismissal,
  deleteDismissalOf,
  dismissalsBetween,
  entriesForMatch,
  entriesFrom,
  insertDismissal,
  insertMatch,
  lockPlanMatches,
  markUnplanned,
  matchCountOf,
  matchesDueBetween,
  matchSettingsOf,
  type EntryForMatch,
} from './plan-actual.repository.js';

export const planActualServiceMessages = {
  entryNotFound: 'Buchung nicht gefunden',
  dismissalNotFound: 'Markierung «entfällt» nicht gefunden',
  onlyOverdue: 'Nur fällige geplante Zahlungen (vor heute) können als «entfällt» markiert werden',
  invalidCategory: 'Ungültige Kategorie',
  noCategory: 'Ohne Kategorie',
} as const;

export interface PlanActualServiceDeps {
  db: AppDatabase;
  clock: Clock;
  rates: RatesService;
  reference: ReferenceService;
  forecasts: ForecastsService;
  bankStatements: BankStatementsService;
}

export type PlanActualService = ReturnType<typeof createPlanActualService>;

/**
 * Computed occurrences and tables kept (most recently used last), under keys that name everything
 * they depend on (the forecast's stamps: forecasts.service.ts `PlanInput`). A big organisation's
 * occurrences of a month take tens of milliseconds to compute; suggestions for the entries of one
 * statement all read the same months.
 */
const MAX_REMEMBERED = 32;

/** A transaction row as the forecast's input holds it: the engine's fields and the reference. */
type ForecastTransactionWithReference = ForecastInput['transactions'][number] & { reference?: string | null };

/** The last day of a 'YYYY-MM' month. */
function lastDayOf(month: string): string {
  return addDays(`${addMonthsToMonth(month, 1)}-01`, -1);
}

/** The day `date` moved into [from, to]. */
function clampDate(date: string, from: string, to: string): string {
  return date < from ? from : date > to ? to : date;
}

/**
 * Plan vs actual (docs/plan-actual.md): suggestions and matches of bank entries to planned
 * occurrences, "nicht geplant", "entfällt", and the Plan/Ist table. The occurrences are computed
 * by the engine from the forecast's input (`forecasts.planInput`), never stored; matches and
 * dismissals are stored by the occurrences' identity.
 */
export function createPlanActualService({
  db,
  clock,
  rates,
  reference,
  forecasts,
  bankStatements,
}: PlanActualServiceDeps) {
  function codeOf(currencyId: number): string {
    const currency = reference.currencyById(currencyId);
    // Rows reference currencies by foreign key and currencies are never deleted.
    if (!currency) throw new Error(`currency ${currencyId} is not loaded`);
    return currency.code;
  }

  function converterOf(tenant: Tenant): Converter {
    return converterTo(rates, codeOf(tenant.currencyId));
  }

  /** The days occurrences can be read for: the months of the forecast's input (docs/plan-actual.md). */
  function readableDays(today: string): { first: string; last: string } {
    const current = monthOf(today);
    return {
      first: `${addMonthsToMonth(current, -PLAN_ACTUAL_LIMITS.monthsBack)}-01`,
      last: lastDayOf(addMonthsToMonth(current, 59)),
    };
  }

  /** The occurrences of [from, to] (clamped to what the input holds), none when nothing is left. */
  function occurrencesBetween(input: ForecastInput, from: string, to: string): PlannedOccurrence[] {
    const { first, last } = readableDays(input.today);
    const start = clampDate(from, first, last);
    const end = clampDate(to, first, last);
    return start > end ? [] : plannedOccurrences(input, start, end);
  }

  const memory = new Map<string, Promise<unknown>>();

  /** `compute`'s value kept under `key` (see MAX_REMEMBERED). */
  function kept<T>(key: string, compute: () => T | Promise<T>): Promise<T> {
    return remembered(memory, key, async () => compute(), MAX_REMEMBERED) as Promise<T>;
  }

  /** The plan's occurrences of [from, to], computed for whole months and kept while the plan stays the same. */
  async function occurrencesOf(
    tenant: Tenant,
    plan: PlanInput,
    from: string,
    to: string,
  ): Promise<PlannedOccurrence[]> {
    const firstMonth = monthOf(from);
    const lastMonth = monthOf(to);
    const key = `occurrences|${tenant.organisationId}|${plan.occurrencesKey}|${firstMonth}|${lastMonth}`;
    const months = await kept(key, () => occurrencesBetween(plan.input, `${firstMonth}-01`, lastDayOf(lastMonth)));
    return months.filter((occurrence) => occurrence.dueDate >= from && occurrence.dueDate <= to);
  }

  function toEntryToMatch(entry: EntryForMatch, converter: Converter): EntryToMatch {
    return {
      bookingDate: entry.bookingDate,
      amount: converter.convert(entry.amount, entry.currency),
      reference: entry.reference,
      counterpartyName: entry.counterpartyName,
      remittanceInformation: entry.remittanceInformation,
    };
  }

  /**
   * What the candidates of `entries` are read from (match-candidates.ts): the plan's occurrences of
   * the months around them, indexed and kept; those of the transactions with their references; and
   * what is matched to or dismissed of them.
   */
  async function sourcesFor(
    reader: AppDatabase,
    tenant: Tenant,
    plan: PlanInput,
    entries: readonly EntryToMatch[],
    { windowDays }: MatchSettings,
    converter: Converter,
  ): Promise<CandidateSources> {
    const dates = entries.map((entry) => entry.bookingDate).sort();
    const first = dates[0] ?? clock.today();
    const last = dates.at(-1) ?? first;
    const firstMonth = monthOf(addDays(first, -windowDays));
    const lastMonth = monthOf(addDays(last, windowDays));
    const indexKey = `index|${tenant.organisationId}|${plan.occurrencesKey}|${firstMonth}|${lastMonth}`;
    const index = await kept(indexKey, () =>
      indexOccurrences(occurrencesBetween(plan.input, `${firstMonth}-01`, lastDayOf(lastMonth))),
    );
    const { referenceOf, byReference: transactionsByReference } = await referencesOf(tenant, plan);
    const referenced = entries.flatMap((entry) =>
      entry.reference ? (transactionsByReference.get(entry.reference) ?? []) : [],
    );
    const byReference = new Map<string, PlannedOccurrence[]>();
    if (referenced.length > 0) {
      const onlyReferenced = { ...plan.input, transactions: [...new Set(referenced)], salaries: [], vatSetting: null };
      const reach = Math.max(windowDays, REFERENCE_WINDOW_DAYS);
      for (const occurrence of occurrencesBetween(onlyReferenced, addDays(first, -reach), addDays(last, reach))) {
        const reference = referenceOf.get(occurrence.id) as string;
        byReference.set(reference, [...(byReference.get(reference) ?? []), occurrence]);
      }
    }
    const { matched, dismissed } = await matchStateOf(reader, tenant, plan, converter);
    return { index, matched, dismissed, byReference, referenceOf };
  }

  /** The transactions with a reference, by it, and each one's reference, kept while the plan stays the same. */
  function referencesOf(tenant: Tenant, plan: PlanInput) {
    return kept(`references|${tenant.organisationId}|${plan.occurrencesKey}`, () => {
      const referenceOf = new Map<number, string>();
      const byReference = new Map<string, ForecastTransactionWithReference[]>();
      for (const transaction of plan.input.transactions as readonly ForecastTransactionWithReference[]) {
        if (!transaction.reference) continue;
        referenceOf.set(transaction.id, transaction.reference);
        byReference.set(transaction.reference, [...(byReference.get(transaction.reference) ?? []), transaction]);
      }
      return { referenceOf, byReference };
    });
  }

  /**
   * What is matched to each occurrence (converted) and which are marked "entfällt", of the whole
   * organisation, kept while neither changed (`plan.key` names the matches and dismissals too).
   */
  function matchStateOf(reader: AppDatabase, tenant: Tenant, plan: PlanInput, converter: Converter) {
    return kept(`matches|${tenant.organisationId}|${plan.key}`, async () => {
      const [matches, dismissals] = await Promise.all([
        matchesDueBetween(reader, tenant.organisationId, '1900-01-01', '2999-12-31'),
        dismissalsBetween(reader, tenant.organisationId, '1900-01-01', '2999-12-31'),
      ]);
      const keyOf = (row: { kind: string; id: number; dueDate: string }) =>
        occurrenceKeyText({ kind: row.kind as OccurrenceKey['kind'], id: row.id, dueDate: row.dueDate });
      const matched = new Map<string, number>();
      for (const match of matches) {
        const key = keyOf(match);
        matched.set(key, (matched.get(key) ?? 0) + converter.convert(match.amount, match.currency));
      }
      return { matched, dismissed: new Set(dismissals.map(keyOf)) };
    });
  }

  /** The organisation's tolerance and window, kept while the plan's key (it names the organisation's row) holds. */
  function settingsOf(tenant: Tenant, plan: PlanInput): Promise<MatchSettings> {
    return kept(`settings|${tenant.organisationId}|${plan.key}`, () => matchSettingsOf(db, tenant.organisationId));
  }

  /** The entry (locked when read in a transaction `reader`), or 404. */
  async function entryOf(
    reader: AppDatabase,
    tenant: Tenant,
    entryId: number,
    forUpdate = false,
  ): Promise<EntryForMatch> {
    const [entry] = await entriesForMatch(reader, tenant.organisationId, { entryIds: [entryId], forUpdate });
    if (!entry) throw notFound(planActualServiceMessages.entryNotFound);
    return entry;
  }

  /** The occurrence `key` as the plan has it today, or 404. */
  async function plannedOccurrence(tenant: Tenant, plan: PlanInput, key: OccurrenceKey): Promise<PlannedOccurrence> {
    const occurrence = (await occurrencesOf(tenant, plan, key.dueDate, key.dueDate)).find(
      (candidate) => candidate.kind === key.kind && candidate.id === key.id,
    );
    if (!occurrence) throw notFound(planActualMessages.notPlanned);
    return occurrence;
  }

  function toOccurrence(occurrence: PlannedOccurrence): PlannedOccurrence {
    const { kind, id, dueDate, name, category, amount } = occurrence;
    return { kind, id, dueDate, name, category, amount };
  }

  /** The months of the Plan/Ist period, checked (docs/plan-actual.md "Plan/Ist"). */
  function periodOf(query: PlanActualQuery, today: string): { from: string; to: string } {
    const current = monthOf(today);
    // The default: from 12 months back to the current month, both included.
    const to = query.to ?? current;
    const from = query.from ?? addMonthsToMonth(to, -12);
    const earliest = addMonthsToMonth(current, -PLAN_ACTUAL_LIMITS.monthsBack);
    if (to > current || from < earliest) {
      throw validationFailed({ [to > current ? 'to' : 'from']: planActualMessages.pastOnly });
    }
    if (from > to) throw validationFailed({ from: planActualMessages.order });
    return { from, to };
  }

  /** The category an entry counts under: its occurrence's, its own when "nicht geplant", else none. */
  function countedCategory(entry: {
    matchKind: string | null;
    matchCategory: string | null;
    unplanned: boolean;
    entryCategory: string | null;
  }) {
    if (entry.matchKind !== null) return entry.matchCategory ?? planActualServiceMessages.noCategory;
    if (entry.unplanned) return entry.entryCategory ?? planActualServiceMessages.noCategory;
    return null;
  }

  function stateOf(entry: { matchKind: string | null; unplanned: boolean }): PlanActualEntry['state'] {
    return entry.matchKind !== null ? 'matched' : entry.unplanned ? 'unplanned' : 'open';
  }

  /** The Plan/Ist table of the period (docs/plan-actual.md "Plan/Ist"). */
  async function computeTable(
    tenant: Tenant,
    plan: PlanInput,
    { from, to }: { from: string; to: string },
    today: string,
  ): Promise<PlanActual> {
    const currentMonth = monthOf(today);
    // The accuracy looks at the 12 months before the current one, whatever the period shown.
    const firstMonth = [from, addMonthsToMonth(currentMonth, -12)].sort()[0] as string;
    const lastMonth = [to, addMonthsToMonth(currentMonth, -1)].sort().at(-1) as string;
    const months: string[] = [];
    for (let month = firstMonth; month <= lastMonth; month = addMonthsToMonth(month, 1)) months.push(month);
    const converter = converterOf(tenant);
    const [occurrences, entries, accounts, coveredFrom] = await Promise.all([
      occurrencesOf(tenant, plan, `${firstMonth}-01`, lastDayOf(lastMonth)),
      entriesFrom(db, tenant.organisationId, `${firstMonth}-01`),
      accountBalancesOf(db, tenant.organisationId),
      firstBookingDateOf(db, tenant.organisationId),
    ]);
    const counted: CountedEntry[] = [];
    // The balance at the end of a month: today's balances less what was booked after it, up to each account's "Stand per".
    const bookedAfter = months.map(() => 0);
    let bookedFromStart = 0;
    const monthEnds = months.map(lastDayOf);
    for (const entry of entries) {
      const amount = converter.convert(entry.amount, entry.currency);
      counted.push({ bookingDate: entry.bookingDate, amount, category: countedCategory(entry) });
      if (entry.bookingDate > entry.balanceDate) continue;
      bookedFromStart += amount;
      monthEnds.forEach((end, index) => {
        if (entry.bookingDate > end) bookedAfter[index] = (bookedAfter[index] as number) + amount;
      });
    }
    const total = accounts.reduce(
      (sum, account) => sum + converter.convert(account.amount, codeOf(account.currencyId)),
      0,
    );
    return planActualTable({
      currency: codeOf(tenant.currencyId),
      months,
      from,
      to,
      currentMonth,
      occurrences,
      entries: counted,
      coveredFrom,
      actualBalances: new Map(months.map((month, index) => [month, total - (bookedAfter[index] as number)])),
      balanceBefore: total - bookedFromStart,
    });
  }

  /** `GET /plan-actual/month`: the month's occurrences with their entries, and its entries. */
  async function monthDetail(tenant: Tenant, month: string): Promise<PlanActualMonthDetail> {
    const today = clock.today();
    const earliest = addMonthsToMonth(monthOf(today), -PLAN_ACTUAL_LIMITS.monthsBack);
    if (month > monthOf(today) || month < earliest) throw validationFailed({ month: planActualMessages.pastOnly });
    const converter = converterOf(tenant);
    const first = `${month}-01`;
    const last = lastDayOf(month);
    const [plan, entries, matches] = await Promise.all([
      forecasts.planInput(tenant),
      entriesFrom(db, tenant.organisationId, first),
      matchesDueBetween(db, tenant.organisationId, first, last),
    ]);
    const toEntry = (entry: (typeof entries)[number]): PlanActualEntry => ({
      entryId: entry.entryId,
      bankAccountId: entry.bankAccountId,
      bookingDate: entry.bookingDate,
      amount: converter.convert(entry.amount, entry.currency),
      counterpartyName: entry.counterpartyName,
      text: entry.text,
      state: stateOf(entry),
      category: countedCategory(entry),
      occurrence:
        entry.matchKind !== null && entry.matchItemId !== null && entry.matchDueDate !== null
          ? { kind: entry.matchKind as OccurrenceKey['kind'], id: entry.matchItemId, dueDate: entry.matchDueDate }
          : null,
    });
    const entryById = new Map(entries.map((entry) => [entry.entryId, entry]));
    // Entries matched to this month's occurrences may be booked in another month, even before it.
    const matchedEntries = new Map<string, number[]>();
    for (const match of matches) {
      const key = occurrenceKeyText({
        kind: match.kind as OccurrenceKey['kind'],
        id: match.id,
        dueDate: match.dueDate,
      });
      matchedEntries.set(key, [...(matchedEntries.get(key) ?? []), match.entryId]);
    }
    const missing = [...matchedEntries.values()].flat().filter((entryId) => !entryById.has(entryId));
    if (missing.length > 0) {
      for (const entry of await entriesFrom(db, tenant.organisationId, '1900-01-01', missing)) {
        entryById.set(entry.entryId, entry);
      }
    }
    // One state per occurrence, by the forecast's own rules (docs/plan-actual.md "One state per occurrence").
    const rules = stateRulesOf(plan.input);
    return {
      month,
      occurrences: (await occurrencesOf(tenant, plan, first, last)).map((occurrence) => {
        const key = occurrenceKeyText(occurrence);
        const linked = (matchedEntries.get(key) ?? []).flatMap((entryId) => {
          const entry = entryById.get(entryId);
          return entry ? [toEntry(entry)] : [];
        });
        return {
          ...toOccurrence(occurrence),
          state: occurrenceState(occurrence, rules),
          entries: linked,
        };
      }),
      entries: entries.filter((entry) => entry.bookingDate <= last).map(toEntry),
    };
  }

  return {
    /** `GET /bank-entries/{id}/match-suggestions`. */
    async suggestions(tenant: Tenant, entryId: number): Promise<MatchSuggestions> {
      const entry = await entryOf(db, tenant, entryId);
      const plan = await forecasts.planInput(tenant);
      const settings = await settingsOf(tenant, plan);
      const converter = converterOf(tenant);
      const toMatch = toEntryToMatch(entry, converter);
      const sources = await sourcesFor(db, tenant, plan, [toMatch], settings, converter);
      const candidates = candidatesOf(toMatch, sources, settings);
      return { entryId, ...settings, suggestions: rankSuggestions(toMatch, candidates, settings) };
    },

    /** `POST /bank-entries/{id}/match`: the entry linked to the occurrence (docs/plan-actual.md "Matching"). */
    async match(tenant: Tenant, entryId: number, body: BankEntryMatchCreate): Promise<BankEntry> {
      const plan = await forecasts.planInput(tenant);
      const converter = converterOf(tenant);
      const { split, ...key } = body;
      const occurrence = await plannedOccurrence(tenant, plan, key);
      await db.transaction(async (tx) => {
        // One match decision at a time per organisation: "an occurrence once" holds under concurrency.
        await lockPlanMatches(tx, tenant.organisationId);
        const entry = await entryOf(tx, tenant, entryId, true);
        if (entry.matchId !== null) throw new AppError('CONFLICT', planActualMessages.entryTaken);
        if (Math.sign(occurrence.amount) !== Math.sign(converter.convert(entry.amount, entry.currency))) {
          throw validationFailed({ kind: planActualMessages.direction });
        }
        if (!split && (await matchCountOf(tx, tenant.organisationId, key)) > 0) {
          throw new AppError('CONFLICT', planActualMessages.occurrenceTaken);
        }
        // Paid after all: an occurrence marked "entfällt" is expected no more, but it happened.
        await deleteDismissalOf(tx, tenant.organisationId, key);
        await insertMatch(tx, tenant.organisationId, {
          ...key,
          entryId,
          name: occurrence.name,
          categoryName: occurrence.category,
          plannedAmount: occurrence.amount,
        });
      });
      return bankStatements.entry(tenant, entryId);
    },

    /** `DELETE /bank-entries/{id}/match`: unlinked, and no longer "nicht geplant". */
    async unmatch(tenant: Tenant, entryId: number): Promise<BankEntry> {
      await db.transaction(async (tx) => {
        await entryOf(tx, tenant, entryId, true);
        if (!(await clearEntryPlan(tx, tenant.organisationId, entryId))) {
          throw new AppError('CONFLICT', planActualMessages.notMatched);
        }
      });
      return bankStatements.entry(tenant, entryId);
    },

    /** `POST /bank-entries/{id}/unplanned`: an actual with no plan, under the category. */
    async markUnplanned(tenant: Tenant, entryId: number, categoryId: number): Promise<BankEntry> {
      await db.transaction(async (tx) => {
        const entry = await entryOf(tx, tenant, entryId, true);
        if (entry.matchId !== null) throw new AppError('CONFLICT', planActualMessages.entryTaken);
        if (!(await findVisibleCategory(tx, tenant.organisationId, categoryId, 'share'))) {
          throw validationFailed({ categoryId: planActualServiceMessages.invalidCategory });
        }
        await markUnplanned(tx, tenant.organisationId, entryId, categoryId);
      });
      return bankStatements.entry(tenant, entryId);
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
        await lockPlanMatches(tx, tenant.organisationId);
        const entries = await entriesForMatch(tx, tenant.organisationId, {
          openOnly: true,
          bankAccountId,
          forUpdate: true,
        });
        const toMatch = entries.map((entry) => toEntryToMatch(entry, converter));
        const sources = await sourcesFor(tx, tenant, plan, toMatch, settings, converter);
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
          const inserted = await insertMatch(tx, tenant.organisationId, {
            kind: occurrence.kind,
            id: occurrence.id,
            dueDate: occurrence.dueDate,
            entryId: claim.entryId,
            name: occurrence.name,
            categoryName: occurrence.category,
            plannedAmount: occurrence.amount,
          });
          if (inserted) matches.push(claim);
        }
        matches.sort((a, b) => a.entryId - b.entryId);
        return { confirmed: matches.length, matches };
      });
    },

    /** `POST /occurrence-dismissals`: an overdue occurrence marked "entfällt". */
    async dismiss(tenant: Tenant, key: OccurrenceKey): Promise<OccurrenceDismissal> {
      if (key.dueDate >= clock.today()) throw validationFailed({ dueDate: planActualServiceMessages.onlyOverdue });
      await plannedOccurrence(tenant, await forecasts.planInput(tenant), key);
      return db.transaction(async (tx) => {
        await lockPlanMatches(tx, tenant.organisationId);
        if ((await matchCountOf(tx, tenant.organisationId, key)) > 0) {
          throw new AppError('CONFLICT', planActualMessages.matchedCannotBeDismissed);
        }
        const row = await insertDismissal(tx, tenant.organisationId, key);
        if (!row) throw new AppError('CONFLICT', planActualMessages.alreadyDismissed);
        return { dismissalId: row.dismissalId, ...key };
      });
    },

    /** `DELETE /occurrence-dismissals/{id}`: the occurrence counts as overdue again. */
    async undismiss(tenant: Tenant, dismissalId: number): Promise<void> {
      if (!(await deleteDismissal(db, tenant.organisationId, dismissalId))) {
        throw notFound(planActualServiceMessages.dismissalNotFound);
      }
    },

    /** `GET /plan-actual`: the table of docs/plan-actual.md "Plan/Ist". */
    async table(tenant: Tenant, query: PlanActualQuery): Promise<PlanActual> {
      const today = clock.today();
      const period = periodOf(query, today);
      const plan = await forecasts.planInput(tenant);
      // Kept while nothing it is computed from changed (the key holds every stamp of the data).
      const key = `table|${tenant.organisationId}|${plan.key}|${today}|${period.from}|${period.to}`;
      return kept(key, () => computeTable(tenant, plan, period, today));
    },

    /** `GET /plan-actual/month`: the month's occurrences with their entries, and its entries. */
    month: monthDetail,
  };
}
