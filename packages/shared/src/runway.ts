/**
 * The runway (docs/forecast.md "Runway"): how long the end balance stays at or above the
 * organisation's minimum balance, and the month with the lowest end balance. One function for the
 * engine and for the web app's preview of unsaved exclusions, so both say the same.
 */

import { addMonthsToMonth, formatMonthLabel } from './calendar.js';

export interface MonthSaldo {
  month: string;
  saldo: number;
}

export interface Runway {
  minimumBalance: number;
  /**
   * The last month before the end balance first falls below the minimum, or null when no month does.
   * When the very first month already falls below, this is the month before it (nothing is covered).
   */
  coveredUntil: string | null;
  /** The month with the lowest end balance (the first of equal ones). */
  lowest: MonthSaldo;
}

/**
 * The runway of the months (at least one): `coveredUntil` is the month before the first end balance
 * below `minimumBalance` (a balance equal to the minimum is still covered), null when none falls
 * below; when the first month already does, it is the month before the horizon, so "nothing covered"
 * stays distinguishable from "all covered". `lowest` is the first month with the smallest end balance.
 */
export function runwayOf(months: readonly MonthSaldo[], minimumBalance: number): Runway {
  const firstMonth = months[0];
  if (firstMonth === undefined) throw new RangeError('A runway needs at least one month');
  let lowest = firstMonth;
  let coveredUntil: string | null = null;
  for (let i = 0; i < months.length; i++) {
    const month = months[i] as MonthSaldo;
    if (month.saldo < lowest.saldo) lowest = month;
    if (coveredUntil === null && month.saldo < minimumBalance) {
      coveredUntil = i > 0 ? (months[i - 1] as MonthSaldo).month : addMonthsToMonth(month.month, -1);
    }
  }
  return { minimumBalance, coveredUntil, lowest: { month: lowest.month, saldo: lowest.saldo } };
}

/**
 * The runway as the one sentence people open the Prognose for (docs/web.md "Prognose"), the same
 * on the page and in every export: covered throughout, covered until a month, or below the minimum
 * from the first month on.
 */
export function runwayHeadline(runway: Pick<Runway, 'coveredUntil'>, firstMonth: string): string {
  if (runway.coveredUntil === null) return 'Über den ganzen Zeitraum gedeckt';
  if (runway.coveredUntil < firstMonth) {
    return `Liquidität liegt schon im ${formatMonthLabel(firstMonth)} unter der Mindestliquidität`;
  }
  return `Liquidität reicht bis ${formatMonthLabel(runway.coveredUntil)}`;
}
