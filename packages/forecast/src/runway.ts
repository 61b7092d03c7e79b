/**
 * The runway (docs/forecast.md "Runway"): how long the end balance stays at or above the
 * organisation's minimum balance, and the month with the lowest end balance.
 */

import { monthKeyOf, parseMonthIndex } from './horizon.js';
import type { ForecastMonth, ForecastRunway } from './types.js';

/**
 * The runway of the months (at least one): `coveredUntil` is the month before the first end balance
 * below `minimumBalance` (a balance equal to the minimum is still covered), null when none falls
 * below; when the first month already does, it is the month before the horizon, so "nothing covered"
 * stays distinguishable from "all covered". `lowest` is the first month with the smallest end balance.
 */
export function runwayOf(months: readonly ForecastMonth[], minimumBalance: number): ForecastRunway {
  const firstMonth = months[0];
  if (firstMonth === undefined) throw new RangeError('A runway needs at least one month');
  let lowest = firstMonth;
  let coveredUntil: string | null = null;
  let fellBelow = false;
  for (let i = 0; i < months.length; i++) {
    const month = months[i] as ForecastMonth;
    if (month.saldo < lowest.saldo) lowest = month;
    if (!fellBelow && month.saldo < minimumBalance) {
      fellBelow = true;
      coveredUntil = i > 0 ? (months[i - 1] as ForecastMonth).month : monthKeyOf(parseMonthIndex(month.month) - 1);
    }
  }
  return { minimumBalance, coveredUntil, lowest: { month: lowest.month, saldo: lowest.saldo } };
}
