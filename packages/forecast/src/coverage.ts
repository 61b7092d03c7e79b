/**
 * Coverage per bank account (docs/plan-actual.md "Coverage"): the days the imported statements of an
 * account cover, and whether an occurrence lies in them. An occurrence belongs to the account its
 * transaction names, salaries and salary costs to the organisation's salary account; one without an
 * account (a transaction naming none, the VAT settlement) is covered only where every account with
 * statements is. Only a covered occurrence can be overdue; only a covered month has an actual.
 */

import { addDays } from '@saldopilot/shared';
import type { CoverageRange, ForecastCoverage, ForecastTransaction, OccurrenceKey } from './types.js';

/**
 * The union of `ranges` (inclusive days, any order): sorted, overlapping and adjacent ranges merged
 * (1–10 and 11–20 are one range 1–20). Ranges that end before they start are left out.
 */
export function mergeRanges(ranges: readonly CoverageRange[]): CoverageRange[] {
  const sorted = ranges
    .filter((range) => range.from <= range.to)
    .sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : 0));
  const merged: CoverageRange[] = [];
  for (const range of sorted) {
    const last = merged.at(-1);
    if (last && range.from <= addDays(last.to, 1)) {
      if (range.to > last.to) last.to = range.to;
    } else {
      merged.push({ from: range.from, to: range.to });
    }
  }
  return merged;
}

/** Whether merged, sorted `ranges` hold every day of [from, to]. */
function holds(ranges: readonly CoverageRange[], from: string, to: string): boolean {
  // Merged ranges never touch: a span of days lies in at most one of them.
  return ranges.some((range) => range.from <= from && to <= range.to);
}

/** The coverage of an input, asked per occurrence or per span of days. */
export interface Coverage {
  /** Whether any account's statements cover any day (without, nothing is covered). */
  readonly any: boolean;
  /** The first covered day of any account, or null. */
  readonly firstDay: string | null;
  /** The account an occurrence belongs to, or null (every account with statements must cover it). */
  accountOf(occurrence: Pick<OccurrenceKey, 'kind' | 'id'>): number | null;
  /** Whether its account's statements cover the occurrence's due date. */
  isCovered(occurrence: OccurrenceKey): boolean;
  /** Whether every day of [from, to] is covered by every account with statements (false without any). */
  coversAll(from: string, to: string): boolean;
  /** Whether every account with statements covers at least one day of [from, to] (false without any). */
  touchedByAll(from: string, to: string): boolean;
}

/**
 * The coverage of `coverage` for the occurrences of `transactions` (their `bankAccountId`); absent
 * or null coverage covers nothing.
 */
export function coverageOf(
  coverage: ForecastCoverage | null | undefined,
  transactions: readonly Pick<ForecastTransaction, 'id' | 'bankAccountId'>[],
): Coverage {
  const byAccount = new Map<number, CoverageRange[]>();
  for (const account of coverage?.accounts ?? []) {
    // An account named with no ranges has statements, none of them in the days asked about.
    byAccount.set(
      account.bankAccountId,
      mergeRanges([...(byAccount.get(account.bankAccountId) ?? []), ...account.ranges]),
    );
  }
  const salaryAccountId = coverage?.salaryAccountId ?? null;
  let transactionAccounts: Map<number, number> | undefined;
  const accountOfTransaction = (id: number): number | null => {
    transactionAccounts ??= new Map(
      transactions.flatMap((transaction) =>
        transaction.bankAccountId == null ? [] : [[transaction.id, transaction.bankAccountId] as const],
      ),
    );
    return transactionAccounts.get(id) ?? null;
  };
  const all = [...byAccount.values()];
  const coversAll = (from: string, to: string) => all.length > 0 && all.every((ranges) => holds(ranges, from, to));
  const touchedByAll = (from: string, to: string) =>
    all.length > 0 && all.every((ranges) => ranges.some((range) => range.from <= to && from <= range.to));
  const accountOf = ({ kind, id }: Pick<OccurrenceKey, 'kind' | 'id'>): number | null => {
    if (kind === 'transactions') return accountOfTransaction(id);
    if (kind === 'salaries' || kind === 'salary_cost_labels') return salaryAccountId;
    // docs/plan-actual.md "Coverage": the VAT settlement names no account.
    return null;
  };
  const firstDay = all.flatMap((ranges) => (ranges[0] ? [ranges[0].from] : [])).sort()[0] ?? null;
  return {
    any: firstDay !== null,
    firstDay,
    accountOf,
    isCovered(occurrence) {
      const account = accountOf(occurrence);
      if (account === null) return coversAll(occurrence.dueDate, occurrence.dueDate);
      const ranges = byAccount.get(account);
      return ranges !== undefined && holds(ranges, occurrence.dueDate, occurrence.dueDate);
    },
    coversAll,
    touchedByAll,
  };
}
