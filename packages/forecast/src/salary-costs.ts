/**
 * Salary costs in the forecast (docs/salary-costs.md "Calculated fields" (include-previous mode)
 * and "Costs in the forecast", docs/forecast.md "Exclusions"). The schedules ("details") come
 * computed by the salary rules; this module only decides which details become forecast rows: every
 * cost of an included salary adds −amount × (2 for `both`) to the leaf of its label under
 * "Lohnkosten", converted from the salary's currency.
 */

import { monthsPerStep } from '@saldopilot/shared';
import { monthKeyOf, parseDay, parseMonthIndex, type Horizon } from './horizon.js';
import type { Ledger } from './ledger.js';
import { convert, type RateBook } from './rates.js';
import { isIncludedSalary } from './salaries.js';
import type { CostDetail, ForecastSalary, ForecastSalaryCost } from './types.js';

/** Category of the cost leaves. */
export const SALARY_COSTS_CATEGORY = 'Lohnkosten';
/** Leaf name of costs without a label (leaf id 0). */
export const NO_LABEL_NAME = '<Kein Label>';

/**
 * The index of the "next" detail in include-previous mode (docs/salary-costs.md "Calculated
 * fields"), or -1 without details: let Q be the first detail in `currentMonth` or later; the detail
 * just before Q wins (so the catch-up payment counts), Q itself when nothing precedes it, the last
 * detail when there is no Q. All three cases are max(0, index(Q) − 1) with index(Q) = length when
 * there is none. `details` hold one payment per month in month order, as the schedule writes them;
 * 'YYYY-MM' strings compare like months.
 */
export function nextDetailIndex(details: readonly CostDetail[], currentMonth: string): number {
  if (details.length === 0) return -1;
  let low = 0;
  let high = details.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((details[middle] as CostDetail).month < currentMonth) low = middle + 1;
    else high = middle;
  }
  return Math.max(0, low - 1);
}

/**
 * The month index of the first detail when the details cover every month from the first to the last
 * (one payment per month, in order, so n payments span n months exactly), else undefined. Monthly
 * schedules nearly always do; then a detail's position is its month minus the first month, and
 * neither the search for the next payment nor the walk compares month strings: those comparisons
 * were a seventh of a big organisation's forecast (24,000 costs).
 */
export function gaplessStart(details: readonly CostDetail[]): number | undefined {
  const count = details.length;
  if (count === 0) return undefined;
  const start = parseMonthIndex((details[0] as CostDetail).month);
  return parseMonthIndex((details[count - 1] as CostDetail).month) - start === count - 1 ? start : undefined;
}

/**
 * {@link nextDetailIndex} for `count` gapless details from month index `start`: the first detail in
 * `currentMonth` or later (Q) is at its distance from the start, capped at `count` when there is none.
 */
export function nextGaplessIndex(count: number, start: number, currentMonth: number): number {
  const firstDue = Math.min(Math.max(currentMonth - start, 0), count);
  return Math.max(0, firstDue - 1);
}

/**
 * The last month index (inclusive) a quarterly or longer cost is paid in (docs/salary-costs.md
 * "Costs in the forecast": "up to a last month L"): with T the salary's end, L is the last day of
 * month(T) + step − 1 when T is after the 1st, else the 1st of month(T) + step; the payments fall
 * on month starts, so both are a month bound. Without an end the horizon bounds the series.
 */
export function lastCostMonth(toDate: string | null, stepMonths: number): number {
  if (toDate === null) return Number.POSITIVE_INFINITY;
  const end = parseDay(toDate);
  return end.monthIndex + stepMonths - (end.day > 1 ? 1 : 0);
}

function addCost(
  cost: ForecastSalaryCost,
  salary: ForecastSalary,
  rate: number | undefined,
  horizon: Horizon,
  ledger: Ledger,
  sign: 1 | -1,
  skipMonth?: (month: number) => boolean,
): void {
  const { details } = cost;
  const { first, last, keys } = horizon;
  const start = gaplessStart(details);
  const next =
    start === undefined ? nextDetailIndex(details, keys[0] as string) : nextGaplessIndex(details.length, start, first);
  if (next < 0) return;
  const multiplier = cost.distributionType === 'both' ? 2 : 1;
  // The label's slot; labels are few, so opening it before knowing whether the cost adds anything
  // costs nothing worth saving (a slot without amounts shows no leaf).
  const labelId = cost.labelId ?? 0;
  const slot = ledger.open('salary_cost_labels', labelId, cost.labelName ?? NO_LABEL_NAME, SALARY_COSTS_CATEGORY);
  const nextDetail = details[next] as CostDetail;
  const nextMonth = start === undefined ? parseMonthIndex(nextDetail.month) : start + next;

  if (cost.cycle === 'once') {
    // docs/salary-costs.md "Costs in the forecast": counts in its month when the target date is
    // today or later; the schedule only writes a detail for such a date (docs/salary-costs.md
    // "Payment schedule", step 2), so a current or later month is enough here.
    const amount = -sign * convert(nextDetail.amount * multiplier, rate);
    if (nextMonth >= first && nextMonth <= last && amount !== 0 && !skipMonth?.(nextMonth)) {
      ledger.add(slot, nextMonth - first, amount, sign);
    }
    return;
  }

  const offset = cost.relativeOffset;
  if (!Number.isInteger(offset) || offset < 1) throw new RangeError(`Salary cost ${cost.id}: offset must be ≥ 1`);
  const cycleMonths = monthsPerStep(cost.cycle);
  if (cycleMonths === 1) {
    // Monthly: each payment has its own amount (partial first and last payments are exact); walk the
    // details k months apart from the next one and stop at the first month without a detail. A used
    // detail is passed (months only grow), so with offset 1 the next detail is the next month's and
    // one string comparison per month finds it: 24,000 costs × 60 months made the comparisons of
    // this loop a fifth of a big organisation's forecast.
    if (start !== undefined) {
      // Gapless: the detail of a month is at its distance from the first month.
      for (let month = nextMonth; month <= last; month += offset) {
        const detail = details[month - start];
        if (detail === undefined) return;
        if (month < first || skipMonth?.(month)) continue;
        const amount = -sign * convert(detail.amount * multiplier, rate);
        if (amount !== 0) ledger.add(slot, month - first, amount, sign);
      }
      return;
    }
    let index = next;
    for (let month = nextMonth; month <= last; month += offset) {
      const key = month >= first ? (keys[month - first] as string) : monthKeyOf(month);
      let detail = details[index];
      if (detail !== undefined && detail.month !== key) {
        while (detail !== undefined && detail.month < key) detail = details[++index];
      }
      if (detail === undefined || detail.month !== key) return;
      index++;
      // Past months (the catch-up of include-previous mode) are outside the horizon: not shown.
      if (month < first || skipMonth?.(month)) continue;
      const amount = -sign * convert(detail.amount * multiplier, rate);
      if (amount !== 0) ledger.add(slot, month - first, amount, sign);
    }
    return;
  }

  // Quarterly and longer: the constant next cost every k cycles up to L; months before the current
  // one are skipped (the brief's "< current month", consistent with docs/salary-costs.md "Costs in
  // the forecast").
  const step = offset * cycleMonths;
  const amount = -sign * convert(nextDetail.amount * multiplier, rate);
  if (amount === 0) return;
  const until = Math.min(last, lastCostMonth(salary.toDate, step));
  const skipped = nextMonth < first ? Math.ceil((first - nextMonth) / step) : 0;
  for (let month = nextMonth + skipped * step; month <= until; month += step) {
    if (!skipMonth?.(month)) ledger.add(slot, month - first, amount, sign);
  }
}

/**
 * Adds the costs of one salary (sign 1), or takes out what they added (sign −1, the salary as it was
 * added). `paidElsewhere` names the costs a fund of the payment calendar pays instead
 * (docs/payment-calendar.md "In the forecast"); without it every cost is a row, as always.
 */
export function addCostsOf(
  salary: ForecastSalary,
  horizon: Horizon,
  rates: RateBook,
  ledger: Ledger,
  sign: 1 | -1,
  paidElsewhere?: (cost: ForecastSalaryCost) => boolean,
  paidElsewhereIn?: (cost: ForecastSalaryCost, month: number) => boolean,
) {
  if (!isIncludedSalary(salary) || salary.costs.length === 0) return;
  const rate = rates.rateOf(salary.currency);
  for (const cost of salary.costs) {
    if (paidElsewhere !== undefined && paidElsewhere(cost)) continue;
    const skip = paidElsewhereIn && ((month: number) => paidElsewhereIn(cost, month));
    addCost(cost, salary, rate, horizon, ledger, sign, skip);
  }
}
