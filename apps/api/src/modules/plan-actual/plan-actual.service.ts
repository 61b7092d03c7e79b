import { coverageOf, occurrenceKeyText, occurrenceState, stateRulesOf, type Coverage } from '@saldopilot/forecast';
import {
  addDays,
  addMonthsToMonth,
  lastDayOfMonth,
  monthOf,
  PLAN_ACTUAL_LIMITS,
  planActualMessages,
  type OccurrenceKey,
  type PlanActual,
  type PlanActualEntry,
  type PlanActualMonthDetail,
  type PlanActualQuery,
  type PlannedOccurrence,
} from '@saldopilot/shared';
import type { AppDatabase } from '../../db/client.js';
import { validationFailed } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { converterTo, type Converter } from '../../lib/rates/conversion.js';
import type { RatesService } from '../../lib/rates/rates-service.js';
import type { Tenant } from '../../lib/tenant.js';
import type { ForecastsService, PlanInput } from '../forecasts/forecasts.service.js';
import type { ReferenceService } from '../reference/reference.service.js';
import { inOccurrenceOrder } from './entry-shares.js';
import { planActualTable, type CountedEntry } from './plan-actual-table.js';
import { keyOf, sharedMatches, toOccurrence, type PlanCache, type SharedMatch } from './plan-cache.js';
import {
  accountBalancesOf,
  countOpenEntries,
  dismissalsBetween,
  entriesByIds,
  entriesFrom,
  matchesOf,
  type MatchRow,
} from './plan-actual.repository.js';

export const planActualServiceMessages = {
  noCategory: 'Ohne Kategorie',
} as const;

export interface PlanActualServiceDeps {
  db: AppDatabase;
  clock: Clock;
  rates: RatesService;
  reference: ReferenceService;
  forecasts: ForecastsService;
  /** Shared with matching and the dismissals (plan-cache.ts). */
  cache: PlanCache;
}

export type PlanActualService = ReturnType<typeof createPlanActualService>;

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
  const last = [lastDayOfMonth(month), yesterday].sort()[0] as string;
  return first <= last && coverage.touchedByAll(first, last);
}

/**
 * Plan vs actual's Plan/Ist (docs/plan-actual.md "Plan/Ist"): the table of a period and the detail
 * of one month, the planned occurrences beside the entries. The occurrences are computed by the
 * engine from the forecast's input (`forecasts.planInput`), never stored. Matching is
 * match.service.ts, "entfällt" dismissals.service.ts; the three share plan-cache.ts.
 */
export function createPlanActualService({ db, clock, rates, reference, forecasts, cache }: PlanActualServiceDeps) {
  function converterOf(tenant: Tenant): Converter {
    return converterTo(rates, reference.codeOf(tenant.currencyId));
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
    const [firstMonth, lastMonth] = [from, to];
    const months: string[] = [];
    for (let month = firstMonth; month <= lastMonth; month = addMonthsToMonth(month, 1)) months.push(month);
    const converter = converterOf(tenant);
    const [occurrences, entries, matches, accounts] = await Promise.all([
      cache.occurrencesOf(tenant.organisationId, plan, `${firstMonth}-01`, lastDayOfMonth(lastMonth)),
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
    const monthEnds = months.map(lastDayOfMonth);
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
      (sum, account) => sum + converter.convert(account.amount, reference.codeOf(account.currencyId)),
      0,
    );
    return planActualTable({
      currency: reference.codeOf(tenant.currencyId),
      months,
      from,
      to,
      occurrences,
      entries: counted,
      coveredFrom: coverage.firstDay,
      isCovered: (month) => isMonthCovered(coverage, month, today),
      actualBalances: new Map(months.map((month, index) => [month, total - (bookedAfter[index] as number)])),
      balanceBefore: total - bookedFromStart,
    });
  }

  /** The month's occurrences with their entries, and its entries. */
  async function monthDetail(tenant: Tenant, month: string): Promise<PlanActualMonthDetail> {
    const today = clock.today();
    const earliest = addMonthsToMonth(monthOf(today), -PLAN_ACTUAL_LIMITS.monthsBack);
    if (month > monthOf(today) || month < earliest) throw validationFailed({ month: planActualMessages.pastOnly });
    const converter = converterOf(tenant);
    const first = `${month}-01`;
    const last = lastDayOfMonth(month);
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
      for (const entry of await entriesByIds(db, tenant.organisationId, [...new Set(missing)])) {
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
      occurrences: (await cache.occurrencesOf(tenant.organisationId, plan, first, last)).map((occurrence) => {
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

  return {
    /** `GET /plan-actual`: the table of docs/plan-actual.md "Plan/Ist". */
    async table(tenant: Tenant, query: PlanActualQuery): Promise<PlanActual> {
      const today = clock.today();
      const period = periodOf(query, today);
      const plan = await forecasts.planInput(tenant);
      // Kept while nothing it is computed from changed (the key holds every stamp of the data).
      const key = `table|${tenant.organisationId}|${plan.key}|${today}|${period.from}|${period.to}`;
      return cache.kept(key, () => computeTable(tenant, plan, period, today));
    },

    /**
     * What the entries booked from `fromMonth` on paid of each occurrence's item, per booking month
     * and "kind|id" (each entry's share, docs/plan-actual.md "Matching"): the actual of a forecast
     * leaf (docs/plan-actual.md "Accuracy per horizon").
     */
    async leafActuals(tenant: Tenant, fromMonth: string): Promise<Map<string, Map<string, number>>> {
      const rows = await matchesOf(db, tenant.organisationId, { bookedFrom: `${fromMonth}-01` });
      const bookedOn = new Map(rows.map((row) => [row.entryId, row.bookingDate]));
      const byMonth = new Map<string, Map<string, number>>();
      for (const matches of matchesByEntry(rows, converterOf(tenant)).values()) {
        for (const match of matches) {
          const month = (bookedOn.get(match.entryId) as string).slice(0, 7);
          const leaves = byMonth.get(month) ?? new Map<string, number>();
          const key = `${match.kind}|${match.id}`;
          leaves.set(key, (leaves.get(key) ?? 0) + match.share);
          byMonth.set(month, leaves);
        }
      }
      return byMonth;
    },

    /**
     * How many entries of the Plan/Ist window (PLAN_ACTUAL_LIMITS.monthsBack months back) are still
     * open: neither matched nor "nicht geplant" (the Übersicht, docs/cockpit.md "The row").
     */
    async openEntryCount(tenant: Tenant): Promise<number> {
      const earliest = addMonthsToMonth(monthOf(clock.today()), -PLAN_ACTUAL_LIMITS.monthsBack);
      return countOpenEntries(db, tenant.organisationId, `${earliest}-01`);
    },

    /**
     * The planned occurrences due from `from` to `to` (both included), by due date; without
     * salaries:read no employee's salary (docs/access.md "Salary figures").
     */
    async occurrencesBetween(tenant: Tenant, from: string, to: string): Promise<PlannedOccurrence[]> {
      const plan = await forecasts.planInput(tenant);
      const occurrences = await cache.occurrencesOf(tenant.organisationId, plan, from, to);
      return occurrences
        .filter((occurrence) => tenant.seesSalaries || occurrence.kind !== 'salaries')
        .map(toOccurrence)
        .sort((a, b) => a.dueDate.localeCompare(b.dueDate) || a.kind.localeCompare(b.kind) || a.id - b.id);
    },

    /**
     * `GET /plan-actual/month`: the month's occurrences with their entries, and its entries. Without
     * salaries:read (`tenant.seesSalaries`) no employee's salary occurrence (docs/access.md "Salary figures").
     */
    async month(tenant: Tenant, month: string): Promise<PlanActualMonthDetail> {
      const detail = await monthDetail(tenant, month);
      if (tenant.seesSalaries) return detail;
      return { ...detail, occurrences: detail.occurrences.filter((occurrence) => occurrence.kind !== 'salaries') };
    },
  };
}
