import { plannedOccurrences, occurrenceKeyText, type ForecastInput } from '@saldopilot/forecast';
import {
  addDays,
  addMonthsToMonth,
  dayNumber,
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
import type { ForecastsService } from '../forecasts/forecasts.service.js';
import type { ReferenceService } from '../reference/reference.service.js';
import {
  REFERENCE_WINDOW_DAYS,
  rankSuggestions,
  uniqueMatch,
  type EntryToMatch,
  type MatchCandidate,
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
  firstBookingDateOf,
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
   * The candidates for `entries`: the occurrences within the window of their booking dates, those
   * of transactions with their references within a year, minus the ones marked "entfällt", each
   * with its reference and what is matched to it.
   */
  async function candidatesFor(
    reader: AppDatabase,
    tenant: Tenant,
    input: ForecastInput,
    entries: readonly EntryToMatch[],
    settings: MatchSettings,
    converter: Converter,
  ): Promise<MatchCandidate[]> {
    if (entries.length === 0) return [];
    const dates = entries.map((entry) => entry.bookingDate).sort();
    const first = dates[0] as string;
    const last = dates.at(-1) as string;
    const found = new Map<string, PlannedOccurrence>();
    for (const occurrence of occurrencesBetween(
      input,
      addDays(first, -settings.windowDays),
      addDays(last, settings.windowDays),
    )) {
      found.set(occurrenceKeyText(occurrence), occurrence);
    }
    const referenceOf = new Map<number, string>();
    for (const transaction of input.transactions as readonly (ForecastInput['transactions'][number] & {
      reference?: string | null;
    })[]) {
      if (transaction.reference) referenceOf.set(transaction.id, transaction.reference);
    }
    const references = new Set(entries.flatMap((entry) => (entry.reference ? [entry.reference] : [])));
    const referenced = input.transactions.filter((transaction) =>
      references.has(referenceOf.get(transaction.id) ?? ''),
    );
    if (referenced.length > 0) {
      const onlyReferenced = { ...input, transactions: referenced, salaries: [], vatSetting: null };
      for (const occurrence of occurrencesBetween(
        onlyReferenced,
        addDays(first, -REFERENCE_WINDOW_DAYS),
        addDays(last, REFERENCE_WINDOW_DAYS),
      )) {
        found.set(occurrenceKeyText(occurrence), occurrence);
      }
    }
    const keys = [...found.values()].map((occurrence) => occurrence.dueDate).sort();
    if (keys.length === 0) return [];
    const from = keys[0] as string;
    const to = keys.at(-1) as string;
    const [matches, dismissals] = await Promise.all([
      matchesDueBetween(reader, tenant.organisationId, from, to),
      dismissalsBetween(reader, tenant.organisationId, from, to),
    ]);
    const matched = new Map<string, number>();
    for (const match of matches) {
      const key = occurrenceKeyText({
        kind: match.kind as OccurrenceKey['kind'],
        id: match.id,
        dueDate: match.dueDate,
      });
      matched.set(key, (matched.get(key) ?? 0) + converter.convert(match.amount, match.currency));
    }
    const dismissed = new Set(
      dismissals.map((row) =>
        occurrenceKeyText({ kind: row.kind as OccurrenceKey['kind'], id: row.id, dueDate: row.dueDate }),
      ),
    );
    const candidates: MatchCandidate[] = [];
    for (const [key, occurrence] of found) {
      if (dismissed.has(key)) continue;
      const { employeeId: _employee, ...plain } = occurrence as PlannedOccurrence & { employeeId?: number };
      candidates.push({
        ...plain,
        reference: occurrence.kind === 'transactions' ? (referenceOf.get(occurrence.id) ?? null) : null,
        matchedAmount: matched.get(key) ?? 0,
      });
    }
    return candidates;
  }

  /** Candidates by due day, so each entry looks only at the days of its window. */
  function byDay(candidates: readonly MatchCandidate[]): Map<number, MatchCandidate[]> {
    const days = new Map<number, MatchCandidate[]>();
    for (const candidate of candidates) {
      const day = dayNumber(candidate.dueDate);
      const list = days.get(day);
      if (list) list.push(candidate);
      else days.set(day, [candidate]);
    }
    return days;
  }

  function near(
    days: ReadonlyMap<number, MatchCandidate[]>,
    byReference: ReadonlyMap<string, MatchCandidate[]>,
    entry: EntryToMatch,
    windowDays: number,
  ): MatchCandidate[] {
    const center = dayNumber(entry.bookingDate);
    const found: MatchCandidate[] = [];
    for (let day = center - windowDays; day <= center + windowDays; day++) found.push(...(days.get(day) ?? []));
    if (entry.reference) {
      for (const candidate of byReference.get(entry.reference) ?? []) {
        if (!found.includes(candidate)) found.push(candidate);
      }
    }
    return found;
  }

  function indexOf(candidates: readonly MatchCandidate[]) {
    const byReference = new Map<string, MatchCandidate[]>();
    for (const candidate of candidates) {
      if (!candidate.reference) continue;
      const list = byReference.get(candidate.reference);
      if (list) list.push(candidate);
      else byReference.set(candidate.reference, [candidate]);
    }
    return { days: byDay(candidates), byReference };
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
  function plannedOccurrence(input: ForecastInput, key: OccurrenceKey): PlannedOccurrence {
    const occurrence = occurrencesBetween(input, key.dueDate, key.dueDate).find(
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
    const to = query.to ?? addMonthsToMonth(current, -1);
    const from = query.from ?? addMonthsToMonth(to, -11);
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

  return {
    /** `GET /bank-entries/{id}/match-suggestions`. */
    async suggestions(tenant: Tenant, entryId: number): Promise<MatchSuggestions> {
      const entry = await entryOf(db, tenant, entryId);
      const [settings, input] = await Promise.all([
        matchSettingsOf(db, tenant.organisationId),
        forecasts.planInput(tenant),
      ]);
      const converter = converterOf(tenant);
      const toMatch = toEntryToMatch(entry, converter);
      const candidates = await candidatesFor(db, tenant, input, [toMatch], settings, converter);
      return { entryId, ...settings, suggestions: rankSuggestions(toMatch, candidates, settings) };
    },

    /** `POST /bank-entries/{id}/match`: the entry linked to the occurrence (docs/plan-actual.md "Matching"). */
    async match(tenant: Tenant, entryId: number, body: BankEntryMatchCreate): Promise<BankEntry> {
      const input = await forecasts.planInput(tenant);
      const converter = converterOf(tenant);
      const { split, ...key } = body;
      await db.transaction(async (tx) => {
        // One match decision at a time per organisation: "an occurrence once" holds under concurrency.
        await lockPlanMatches(tx, tenant.organisationId);
        const entry = await entryOf(tx, tenant, entryId, true);
        if (entry.matchId !== null) throw new AppError('CONFLICT', planActualMessages.entryTaken);
        const occurrence = plannedOccurrence(input, key);
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
      const [settings, input] = await Promise.all([
        matchSettingsOf(db, tenant.organisationId),
        forecasts.planInput(tenant),
      ]);
      const converter = converterOf(tenant);
      return db.transaction(async (tx) => {
        await lockPlanMatches(tx, tenant.organisationId);
        const entries = await entriesForMatch(tx, tenant.organisationId, {
          openOnly: true,
          bankAccountId,
          forUpdate: true,
        });
        const toMatch = entries.map((entry) => toEntryToMatch(entry, converter));
        const candidates = await candidatesFor(tx, tenant, input, toMatch, settings, converter);
        const { days, byReference } = indexOf(candidates);
        const claims = new Map<string, { entryId: number; occurrence: PlannedOccurrence }[]>();
        toMatch.forEach((entry, index) => {
          const window = Math.max(settings.windowDays, 0);
          const best = uniqueMatch(entry, rankSuggestions(entry, near(days, byReference, entry, window), settings));
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
      const input = await forecasts.planInput(tenant);
      plannedOccurrence(input, key);
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
      const currentMonth = monthOf(today);
      const { from, to } = periodOf(query, today);
      // The accuracy looks at the 12 months before the current one, whatever the period shown.
      const firstMonth = [from, addMonthsToMonth(currentMonth, -12)].sort()[0] as string;
      const lastMonth = [to, addMonthsToMonth(currentMonth, -1)].sort().at(-1) as string;
      const months: string[] = [];
      for (let month = firstMonth; month <= lastMonth; month = addMonthsToMonth(month, 1)) months.push(month);
      const converter = converterOf(tenant);
      const [input, entries, accounts, coveredFrom] = await Promise.all([
        forecasts.planInput(tenant),
        entriesFrom(db, tenant.organisationId, `${firstMonth}-01`),
        accountBalancesOf(db, tenant.organisationId),
        firstBookingDateOf(db, tenant.organisationId),
      ]);
      const occurrences = occurrencesBetween(input, `${firstMonth}-01`, lastDayOf(lastMonth));
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
    },

    /** `GET /plan-actual/month`: the month's occurrences with their entries, and its entries. */
    async month(tenant: Tenant, month: string): Promise<PlanActualMonthDetail> {
      periodOf({ from: month, to: month }, clock.today());
      const converter = converterOf(tenant);
      const first = `${month}-01`;
      const last = lastDayOf(month);
      const [input, entries, matches, dismissals] = await Promise.all([
        forecasts.planInput(tenant),
        entriesFrom(db, tenant.organisationId, first),
        matchesDueBetween(db, tenant.organisationId, first, last),
        dismissalsBetween(db, tenant.organisationId, first, last),
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
      const dismissed = new Set(
        dismissals.map((row) =>
          occurrenceKeyText({ kind: row.kind as OccurrenceKey['kind'], id: row.id, dueDate: row.dueDate }),
        ),
      );
      return {
        month,
        occurrences: occurrencesBetween(input, first, last).map((occurrence) => {
          const key = occurrenceKeyText(occurrence);
          const linked = (matchedEntries.get(key) ?? []).flatMap((entryId) => {
            const entry = entryById.get(entryId);
            return entry ? [toEntry(entry)] : [];
          });
          return {
            ...toOccurrence(occurrence),
            state: linked.length > 0 ? 'matched' : dismissed.has(key) ? 'dismissed' : 'open',
            entries: linked,
          };
        }),
        entries: entries.filter((entry) => entry.bookingDate <= last).map(toEntry),
      };
    },
  };
}
