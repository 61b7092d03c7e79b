/**
 * Dated payments as the fewest transaction rows that pay exactly them (docs/scenarios.md
 * "Promote"): a run of equal amounts whose dates are the occurrences of one repeating row of the
 * given cycle becomes that row; what fits no run stays a single payment. Promote writes the rows a
 * lever computes (a loan's payments, a delay's shifted occurrences) this way, so the base pays on
 * the very days and amounts the scenario showed.
 */

import { type Cycle } from '@saldopilot/shared';
import { occurrenceDates } from './scenario-levers.js';

export interface DatedPayment {
  date: string;
  amount: number;
}

/** One row: `cycle` null = a single payment on `startDate`. */
export interface SeriesRow {
  startDate: string;
  endDate: string | null;
  cycle: Cycle | null;
  amount: number;
}

/**
 * The payments (in date order) as rows. With `continues`, the payments go on after the last one
 * in the same rhythm: the last row becomes repeating with `continues.endDate` (null: open).
 */
export function seriesRows(
  payments: readonly DatedPayment[],
  cycle: Cycle,
  continues?: { endDate: string | null },
): SeriesRow[] {
  const rows: SeriesRow[] = [];
  const last = payments[payments.length - 1];
  let i = 0;
  while (i < payments.length && last) {
    const first = payments[i] as DatedPayment;
    const dates = occurrenceDates(
      { type: 'repeating', cycle, startDate: first.date, endDate: null },
      first.date,
      last.date,
    );
    let j = i + 1;
    while (j < payments.length && payments[j]?.amount === first.amount && dates[j - i] === payments[j]?.date) j++;
    const end = (payments[j - 1] as DatedPayment).date;
    rows.push(
      j - i >= 2
        ? { startDate: first.date, endDate: end, cycle, amount: first.amount }
        : { startDate: first.date, endDate: null, cycle: null, amount: first.amount },
    );
    i = j;
  }
  const tail = rows[rows.length - 1];
  if (continues && tail) Object.assign(tail, { cycle, endDate: continues.endDate });
  return rows;
}
