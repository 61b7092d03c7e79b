import {
  coverageOf,
  occurrenceKeyText,
  occurrenceState,
  overdueOccurrences,
  plannedOccurrences,
  stateRulesOf,
  type Coverage,
  type ForecastInput,
} from '@saldopilot/forecast';
import {
  addDays,
  addMonthsToMonth,
  monthOf,
  occurrenceDismissalMessages,
  occurrenceKindLabels,
  PLAN_ACTUAL_LIMITS,
  planActualMessages,
  planActualRunMessages,
  type BankEntry,
  type BankEntryMatchCreate,
  type ConfirmUniqueResult,
  type MatchSuggestions,
  type OccurrenceDismissal,
  type OccurrenceDismissalBulkResult,
  type OccurrenceDismissalList,
  type OccurrenceDismissalRestoreResult,
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
import { findBankAccount } from '../bank-accounts/bank-accounts.repository.js';
import { bankAccountMessages } from '../bank-accounts/bank-accounts.service.js';
import type { BankStatementsService } from '../bank-statements/bank-statements.service.js';
import { findVisibleCategory } from '../categories/categories.repository.js';
import type { ForecastsService, PlanInput } from '../forecasts/forecasts.service.js';
import { remembered } from '../../lib/recently-used.js';
import type { ReferenceService } from '../reference/reference.service.js';
import { inOccurrenceOrder, withShares } from './entry-shares.js';
import { candidatesOf, indexOccurrences, type CandidateSources } from './match-candidates.js';
import {
  REFERENCE_WINDOW_DAYS,
  rankSuggestions,
  uniqueMatch,
  type EntryToMatch,
  type MatchSettings,
} from './match-ranking.js';
import { planActualTable, type CountedEntry } from './plan-actual-table.js';
import { salaryRunSuggestions } from './salary-runs.js';
import {
  accountBalancesOf,
  clearEntryPlan,
  deleteDismissal,
  deleteDismissalOf,
  deleteDismissals,
  dismissalsBetween,
  entriesForMatch,
  entriesFrom,
  insertDismissal,
  insertMatches,
  lockPlanMatches,
  markUnplanned,
  matchCountOf,
  matchesOf,
  matchSettingsOf,
  type EntryForMatch,
  type MatchRow,
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

function keyOf(row: { kind: string; id: number; dueDate: string }): string {
  return occurrenceKeyText({ kind: row.kind as OccurrenceKey['kind'], id: row.id, dueDate: row.dueDate });
}

type SharedMatch = MatchRow & { share: number };

/** The match rows with their shares (entry-shares.ts), the entries' amounts converted. */
function sharedMatches(rows: readonly MatchRow[], converter: Converter): SharedMatch[] {
  return withShares(rows, (row) => converter.convert(row.amount, row.currency));
}

/** What is matched to each occurrence, by key: the shares of its entries. */
function matchedAmounts(rows: readonly MatchRow[], converter: Converter): Map<string, number> {
  const matched = new Map<string, number>();
  for (const match of sharedMatches(rows, converter)) {
    const key = keyOf(match);
    matched.set(key, (matched.get(key) ?? 0) + match.share);
  }
  return matched;
}

/** Each entry's matches with their shares, in the order of its occurrences (several rows of one entry may repeat in `rows`). */
function matchesByEntry(rows: readonly MatchRow[], converter: Converter): Map<number, SharedMatch[]> {
  const unique = new Map(rows.map((row) => [`${row.entryId}|${keyOf(row)}`, row]));
  const byEntry = new Map<number, SharedMatch[]>();
  for (const match of inOccurrenceOrder(sharedMatches([...unique.values()], converter))) {
    const matches = byEntry.get(match.entryId);
    if (matches) matches.push(match);
    else byEntry.set(match.entryId, [match]);
  }
  return byEntry;
}

/** The day `date` moved into [from, to]. */
function clampDate(date: string, from: string, to: string): string {
  return date < from ? from : date > to ? to : date;
}

/** The coverage of the plan's input (docs/plan-actual.md "Coverage"): one predicate for the forecast and Plan/Ist. */
function coverageOfPlan(plan: PlanInput): Coverage {
  return coverageOf(plan.input.coverage, plan.input.transactions);
}

/**
 * Whether the statements cover a month for the organisation (docs/plan-actual.md "Plan/Ist"): every
 * account with statements covers at least one of its days before today (the days between two
 * statements of an account are no reason to drop a month; an account whose statements are all older
 * or newer leaves it uncovered).
 */
export function isMonthCovered(coverage: Coverage, month: string, today: string): boolean {
  const first = `${month}-01`;
  const yesterday = addDays(today, -1);
  const last = [lastDayOf(month), yesterday].sort()[0] as string;
  return first <= last && coverage.touchedByAll(first, last);
}

/**
 * What "Entfällt" for many may name and mark: without salaries:read (a token's scope) no employee's
 * salary occurrence (docs/access.md "Salary figures").
 */
export interface BulkScope {
  salaries: boolean;
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
        matchesOf(reader, tenant.organisationId),
        dismissalsBetween(reader, tenant.organisationId, '1900-01-01', '2999-12-31'),
      ]);
      return { matched: matchedAmounts(matches, converter), dismissed: new Set(dismissals.map(keyOf)) };
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

  /**
   * The occurrences the forecast counts as überfällig (the engine's own list, docs/plan-actual.md
   * "Many at once"), kept while the plan, its matches and dismissals stay the same.
   */
  function overdueOf(tenant: Tenant, plan: PlanInput): Promise<PlannedOccurrence[]> {
    return kept(`overdue|${tenant.organisationId}|${plan.key}`, () => overdueOccurrences(plan.input));
  }

  /**
   * What "Entfällt" for many marks: the überfällig occurrences due before `before` that no entry is
   * matched to (a matched one whose payment is not in the balance yet stays), earliest first.
   * @throws 400 naming `before` when the day is after today.
   */
  async function overdueBefore(
    reader: AppDatabase,
    tenant: Tenant,
    plan: PlanInput,
    before: string,
    { salaries }: BulkScope,
  ): Promise<PlannedOccurrence[]> {
    if (before > plan.input.today) throw validationFailed({ before: occurrenceDismissalMessages.notAfterToday });
    const overdue = (await overdueOf(tenant, plan)).filter(
      (occurrence) => occurrence.dueDate < before && (salaries || occurrence.kind !== 'salaries'),
    );
    const dates = overdue.map((occurrence) => occurrence.dueDate).sort();
    const [first, last] = [dates[0], dates.at(-1)];
    if (first === undefined || last === undefined) return [];
    const matched = new Set(
      (await matchesOf(reader, tenant.organisationId, { dueFrom: first, dueTo: last })).map((row) =>
        occurrenceKeyText({ kind: row.kind as OccurrenceKey['kind'], id: row.id, dueDate: row.dueDate }),
      ),
    );
    return overdue
      .filter((occurrence) => !matched.has(occurrenceKeyText(occurrence)))
      .map(toOccurrence)
      .sort((a, b) => a.dueDate.localeCompare(b.dueDate) || a.kind.localeCompare(b.kind) || a.id - b.id);
  }

  function bulkResult(occurrences: PlannedOccurrence[], dismissalIds: number[]): OccurrenceDismissalBulkResult {
    const total = occurrences.reduce((sum, occurrence) => sum + occurrence.amount, 0);
    return { count: occurrences.length, total, occurrences, dismissalIds };
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

  /** The category an entry counts under: its occurrences' (joined), its own when "nicht geplant", else none. */
  function countedCategory(entry: { unplanned: boolean; entryCategory: string | null }, matches: SharedMatch[]) {
    if (matches.length > 0) return [...new Set(matches.map((match) => match.category))].join(', ');
    if (entry.unplanned) return entry.entryCategory ?? planActualServiceMessages.noCategory;
    return null;
  }

  function stateOf(entry: { unplanned: boolean }, matches: SharedMatch[]): PlanActualEntry['state'] {
    return matches.length > 0 ? 'matched' : entry.unplanned ? 'unplanned' : 'open';
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
    const [occurrences, entries, matches, accounts] = await Promise.all([
      occurrencesOf(tenant, plan, `${firstMonth}-01`, lastDayOf(lastMonth)),
      entriesFrom(db, tenant.organisationId, `${firstMonth}-01`),
      matchesOf(db, tenant.organisationId, { bookedFrom: `${firstMonth}-01` }),
      accountBalancesOf(db, tenant.organisationId),
    ]);
    const byEntry = matchesByEntry(matches, converter);
    const coverage = coverageOfPlan(plan);
    const counted: CountedEntry[] = [];
    // The balance at the end of a month: today's balances less what was booked after it, up to each account's "Stand per".
    const bookedAfter = months.map(() => 0);
    let bookedFromStart = 0;
    const monthEnds = months.map(lastDayOf);
    for (const entry of entries) {
      const amount = converter.convert(entry.amount, entry.currency);
      const entryMatches = byEntry.get(entry.entryId) ?? [];
      // An entry paying several occurrences counts each share under its occurrence's category.
      if (entryMatches.length > 0) {
        for (const match of entryMatches) {
          counted.push({ bookingDate: entry.bookingDate, amount: match.share, category: match.category });
        }
      } else {
        counted.push({ bookingDate: entry.bookingDate, amount, category: countedCategory(entry, []) });
      }
      // Not in the balance: booked after "Stand per", or "Stand per" unknown (docs/bank-statements.md "Balances").
      if (entry.balanceDate === null || entry.bookingDate > entry.balanceDate) continue;
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
      coveredFrom: coverage.firstDay,
      isCovered: (month) => isMonthCovered(coverage, month, today),
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
    const [plan, entries, dueMatches, bookedMatches, dismissals] = await Promise.all([
      forecasts.planInput(tenant),
      entriesFrom(db, tenant.organisationId, first),
      // Entries matched to this month's occurrences may be booked in another month, even before it.
      matchesOf(db, tenant.organisationId, { dueFrom: first, dueTo: last }),
      matchesOf(db, tenant.organisationId, { bookedFrom: first }),
      dismissalsBetween(db, tenant.organisationId, first, last),
    ]);
    const byEntry = matchesByEntry([...dueMatches, ...bookedMatches], converter);
    const toEntry = (entry: (typeof entries)[number]): PlanActualEntry => {
      const matches = byEntry.get(entry.entryId) ?? [];
      const keys = matches.map(({ kind, id, dueDate }) => ({ kind: kind as OccurrenceKey['kind'], id, dueDate }));
      return {
        entryId: entry.entryId,
        bankAccountId: entry.bankAccountId,
        bookingDate: entry.bookingDate,
        amount: converter.convert(entry.amount, entry.currency),
        counterpartyName: entry.counterpartyName,
        text: entry.text,
        state: stateOf(entry, matches),
        category: countedCategory(entry, matches),
        occurrence: keys[0] ?? null,
        occurrences: keys,
      };
    };
    const entryById = new Map(entries.map((entry) => [entry.entryId, entry]));
    const matchedEntries = new Map<string, SharedMatch[]>();
    for (const matches of byEntry.values()) {
      for (const match of matches) {
        if (match.dueDate < first || match.dueDate > last) continue;
        matchedEntries.set(keyOf(match), [...(matchedEntries.get(keyOf(match)) ?? []), match]);
      }
    }
    const missing = [...matchedEntries.values()]
      .flat()
      .map((match) => match.entryId)
      .filter((entryId) => !entryById.has(entryId));
    if (missing.length > 0) {
      for (const entry of await entriesFrom(db, tenant.organisationId, '1900-01-01', [...new Set(missing)])) {
        entryById.set(entry.entryId, entry);
      }
    }
    const dismissed = new Map(
      dismissals.map((row) => [
        occurrenceKeyText({ kind: row.kind as OccurrenceKey['kind'], id: row.id, dueDate: row.dueDate }),
        row.dismissalId,
      ]),
    );
    // One state per occurrence, by the forecast's own rules (docs/plan-actual.md "One state per occurrence").
    const rules = stateRulesOf(plan.input);
    return {
      month,
      occurrences: (await occurrencesOf(tenant, plan, first, last)).map((occurrence) => {
        const key = occurrenceKeyText(occurrence);
        const linked = (matchedEntries.get(key) ?? [])
          .sort((a, b) => a.entryId - b.entryId)
          .flatMap((match) => {
            const entry = entryById.get(match.entryId);
            return entry ? [{ ...toEntry(entry), share: match.share }] : [];
          });
        const state = occurrenceState(occurrence, rules);
        const dismissalId = dismissed.get(key) ?? null;
        return {
          ...toOccurrence(occurrence),
          state,
          dismissalId: state === 'dismissed' ? dismissalId : null,
          entries: linked,
        };
      }),
      entries: entries.filter((entry) => entry.bookingDate <= last).map(toEntry),
    };
  }

  function newMatchOf(occurrence: PlannedOccurrence) {
    const { kind, id, dueDate, name, category, amount } = occurrence;
    return { kind, id, dueDate, name, categoryName: category, plannedAmount: amount };
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
      (await occurrencesOf(tenant, plan, first, last)).map((occurrence) => [occurrenceKeyText(occurrence), occurrence]),
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
        const currency = codeOf(tenant.currencyId);
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
    /** `GET /bank-entries/{id}/match-suggestions`. */
    async suggestions(tenant: Tenant, entryId: number): Promise<MatchSuggestions> {
      const entry = await entryOf(db, tenant, entryId);
      const plan = await forecasts.planInput(tenant);
      const settings = await settingsOf(tenant, plan);
      const converter = converterOf(tenant);
      const toMatch = toEntryToMatch(entry, converter);
      const sources = await sourcesFor(db, tenant, plan, [toMatch], settings, converter);
      const candidates = candidatesOf(toMatch, sources, settings);
      const runs = salaryRunSuggestions(toMatch, { ...sources, payroll: sources.index.payroll }, settings);
      return {
        entryId,
        ...settings,
        suggestions: rankSuggestions(toMatch, candidates, settings),
        runs: runs.map((run) => ({ ...run, occurrences: run.occurrences.map(toOccurrence) })),
      };
    },

    /**
     * `POST /bank-entries/{id}/match`: the entry linked to the occurrence, or to several at once
     * (`occurrences`: a salary run), all or nothing (docs/plan-actual.md "Matching").
     */
    async match(tenant: Tenant, entryId: number, body: BankEntryMatchCreate): Promise<BankEntry> {
      if (body.occurrences) {
        await matchSeveral(tenant, entryId, body.occurrences, body.split === true);
        return bankStatements.entry(tenant, entryId);
      }
      const plan = await forecasts.planInput(tenant);
      const converter = converterOf(tenant);
      // The schema demands the three fields when `occurrences` is not given.
      const key = { kind: body.kind, id: body.id, dueDate: body.dueDate } as OccurrenceKey;
      const occurrence = await plannedOccurrence(tenant, plan, key);
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
        if (entry.matched) throw new AppError('CONFLICT', planActualMessages.entryTaken);
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
        // Another organisation's account is a row this one does not have (docs/api.md: 404).
        if (bankAccountId !== undefined && !(await findBankAccount(tx, tenant.organisationId, bankAccountId))) {
          throw notFound(bankAccountMessages.notFound);
        }
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
          const inserted = await insertMatches(tx, tenant.organisationId, claim.entryId, [newMatchOf(occurrence)]);
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

    /** `GET /occurrence-dismissals/bulk?before=`: what "Entfällt" for many would mark (for the confirmation). */
    async dismissBulkPreview(tenant: Tenant, before: string, scope: BulkScope): Promise<OccurrenceDismissalBulkResult> {
      const plan = await forecasts.planInput(tenant);
      return bulkResult(await overdueBefore(db, tenant, plan, before, scope), []);
    },

    /**
     * `POST /occurrence-dismissals/bulk {before}`: every überfällig occurrence due before the day
     * marked "entfällt" in one transaction (docs/plan-actual.md "Many at once"); none: count 0.
     */
    async dismissBulk(tenant: Tenant, before: string, scope: BulkScope): Promise<OccurrenceDismissalBulkResult> {
      const plan = await forecasts.planInput(tenant);
      return db.transaction(async (tx) => {
        await lockPlanMatches(tx, tenant.organisationId);
        // Read under the lock: an entry matched meanwhile keeps its occurrence out.
        const occurrences = await overdueBefore(tx, tenant, plan, before, scope);
        const marked: PlannedOccurrence[] = [];
        const dismissalIds: number[] = [];
        for (const occurrence of occurrences) {
          const row = await insertDismissal(tx, tenant.organisationId, occurrence);
          if (!row) continue;
          marked.push(occurrence);
          dismissalIds.push(row.dismissalId);
        }
        return bulkResult(marked, dismissalIds);
      });
    },

    /**
     * `POST /occurrence-dismissals/bulk-restore {dismissalIds}`: the marks taken back together; one
     * the organisation does not have (also another organisation's) is 404 and none is taken back.
     */
    async undismissBulk(tenant: Tenant, dismissalIds: readonly number[]): Promise<OccurrenceDismissalRestoreResult> {
      const wanted = [...new Set(dismissalIds)];
      return db.transaction(async (tx) => {
        const deleted = await deleteDismissals(tx, tenant.organisationId, wanted);
        if (deleted.length !== wanted.length) throw notFound(planActualServiceMessages.dismissalNotFound);
        return { count: deleted.length };
      });
    },

    /** `GET /occurrence-dismissals`: every mark "entfällt", the latest due first, with the plan's name and amount. */
    async dismissals(tenant: Tenant): Promise<OccurrenceDismissalList> {
      const rows = await dismissalsBetween(db, tenant.organisationId, '1900-01-01', '2999-12-31');
      const dates = rows.map((row) => row.dueDate).sort();
      const [first, last] = [dates[0], dates.at(-1)];
      const planned = new Map<string, PlannedOccurrence>();
      if (first !== undefined && last !== undefined) {
        const plan = await forecasts.planInput(tenant);
        for (const occurrence of await occurrencesOf(tenant, plan, first, last)) {
          planned.set(occurrenceKeyText(occurrence), occurrence);
        }
      }
      const items = rows.map((row) => {
        const key = { kind: row.kind as OccurrenceKey['kind'], id: row.id, dueDate: row.dueDate };
        const occurrence = planned.get(occurrenceKeyText(key));
        return {
          dismissalId: row.dismissalId,
          ...key,
          name: occurrence?.name ?? null,
          category: occurrence?.category ?? null,
          amount: occurrence?.amount ?? null,
        };
      });
      items.sort(
        (a, b) =>
          b.dueDate.localeCompare(a.dueDate) ||
          (a.name ?? '').localeCompare(b.name ?? '', 'de') ||
          a.dismissalId - b.dismissalId,
      );
      return { items };
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
