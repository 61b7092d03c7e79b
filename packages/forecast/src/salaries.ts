/**
 * Salaries in the forecast (docs/salary-rules.md "Salaries in the forecast", docs/forecast.md
 * "Salaries and salary costs"): each payment of a salary that is neither disabled nor a termination
 * costs the net salary (gross − the employee's own deductions), converted from the salary's
 * currency, as the leaf "<employee name>" under "Löhne" — one leaf per employee across all their
 * salaries (a raise, a termination, a rehire), each month naming the salary that paid in it
 * (docs/forecast.md).
 */

import { monthsPerStep } from '@saldopilot/shared';
import { parseMonthIndex, type Horizon } from './horizon.js';
import type { Ledger } from './ledger.js';
import { forEachOccurrence, isTodayOrLater, occurrenceSeries } from './occurrences.js';
import { convert, type RateBook } from './rates.js';
import type { ForecastSalary } from './types.js';

/** Category of the salary leaves. */
export const SALARIES_CATEGORY = 'Löhne';

type NetAdjustment = NonNullable<ForecastSalary['netAdjustments']>[number];

/** The salary's net adjustments by month index, or undefined when it has none. */
function adjustmentsByMonth(salary: ForecastSalary): Map<number, NetAdjustment> | undefined {
  if (!salary.netAdjustments || salary.netAdjustments.length === 0) return undefined;
  return new Map(salary.netAdjustments.map((entry) => [parseMonthIndex(entry.month), entry]));
}

/** True for the salaries that count: disabled ones and termination entries contribute nothing. */
export function isIncludedSalary(salary: Pick<ForecastSalary, 'isDisabled' | 'isTermination'>): boolean {
  return !salary.isDisabled && !salary.isTermination;
}

/**
 * Adds the net salary payments from today to the horizon end. Occurrences step from `fromDate` with
 * the anchor step while ≤ `toDate` (or the horizon end); payments before today are skipped. Signed
 * arithmetic: deductions above the gross make the leaf positive instead of wrapping around as the
 * reference's unsigned subtraction did. A month with a 13th salary is marked, so its leaf says so.
 * A month two salaries of one employee pay in (end dates
 * overlapping by hand) holds both amounts and names the later salary (Ledger.addSalary).
 */
export function addSalaries(salaries: readonly ForecastSalary[], horizon: Horizon, rates: RateBook, ledger: Ledger) {
  for (const salary of salaries) addSalary(salary, horizon, rates, ledger);
}

/** Adds the payments of one salary to its employee's slot (see {@link addSalaries}). */
export function addSalary(salary: ForecastSalary, horizon: Horizon, rates: RateBook, ledger: Ledger): void {
  const { first, last, today } = horizon;
  if (!isIncludedSalary(salary)) return;
  const rate = rates.rateOf(salary.currency);
  const net = salary.amount - salary.employeeDeductions;
  const amount = -convert(net, rate);
  const adjustments = adjustmentsByMonth(salary);
  if (amount === 0 && adjustments === undefined) return;
  const schedule = occurrenceSeries(salary.fromDate, monthsPerStep(salary.cycle), salary.toDate);
  let slot = -1;
  forEachOccurrence(schedule, first, last, (month, day) => {
    if (!isTodayOrLater(month, day, today)) return;
    const adjustment = adjustments?.get(month);
    const paid = adjustment === undefined ? amount : -convert(net + adjustment.amount, rate);
    if (paid === 0) return;
    if (slot < 0) slot = ledger.openSalary(salary, SALARIES_CATEGORY);
    ledger.addSalary(slot, month - first, paid, salary.id, adjustment?.thirteenthSalary === true);
  });
}
