/**
 * When a payment falls due and how much VAT it carries: the rules of docs/schedules.md
 * (date steps, next execution date, VAT of a transaction), in one place for
 * the API (transactions, employees), the web forms and the forecast engine. Pure: "today" is always
 * a parameter, dates are 'YYYY-MM-DD' strings, money is integer minor units.
 */

import { addMonths, daysInMonth, isIsoDate } from './calendar.js';
import { cycleMonths, type Cycle } from './schemas/fields.js';

/** A cycle of a schedule; `once` (salary costs) and no cycle never move a date. */
export type ScheduleCycle = Cycle | 'once';

function requireParts(date: string): { year: number; month: number; day: number } {
  if (!isIsoDate(date)) throw new RangeError(`Not a calendar date (YYYY-MM-DD): ${date}`);
  return { year: Number(date.slice(0, 4)), month: Number(date.slice(5, 7)), day: Number(date.slice(8, 10)) };
}

function requireWholeNumber(n: number, name: string): void {
  if (!Number.isSafeInteger(n)) throw new RangeError(`${name} must be an integer: ${n}`);
}

/** Months of one step of a cycle; 0 for `once` or no cycle. */
export function monthsPerStep(cycle: ScheduleCycle | null | undefined): number {
  return cycle && cycle !== 'once' ? cycleMonths[cycle] : 0;
}

/** True when the date is the last day of its month ('2026-02-28', '2028-02-29', '2026-04-30'). */
export function isLastDayOfMonth(date: string): boolean {
  const { year, month, day } = requireParts(date);
  return day === daysInMonth(year, month);
}

/**
 * The sticky-end step (docs/schedules.md "Date steps", rule 1): `date` moved by `n` steps of
 * `cycle` (n may be negative). A date on the last day of its month stays on month ends
 * ('2026-02-28' + 1 month = '2026-03-31'); any other day is kept, clamped to the target month
 * ('2026-01-31' + 1 month = '2026-02-28'). `once` or no cycle leaves the date as it is. Schedules
 * step from their start each time (start + n steps), never from the previous result, so one short
 * month does not shift every later date.
 * @throws RangeError on an invalid date or a non-integer `n`.
 */
export function addCycle(date: string, cycle: ScheduleCycle | null | undefined, n: number): string {
  requireWholeNumber(n, 'n');
  const months = monthsPerStep(cycle) * n;
  // An anchor day of 31 lands on the last day of every month: that is what "sticky end" means.
  return isLastDayOfMonth(date) ? addMonths(date, months, 31) : addMonths(date, months);
}

export interface AnchorStepOptions {
  /**
   * The reference's quirk in one place (docs/schedules.md "Date steps", quarterly and longer salary
   * costs): when the current day is past the anchor day, the step lands on the last day of the
   * month *before* the target.
   */
  pastAnchorFallsBack?: boolean;
}

/**
 * The anchor step (docs/schedules.md "Date steps", rule 2): from `current` to the month `months`
 * later, on the anchor's day clamped to that month ('2026-02-28' with anchor '2026-01-31' + 1 =
 * '2026-03-31'). Series that step from one occurrence to the next (forecast occurrences) keep their
 * first day this way.
 * @throws RangeError on an invalid date or a non-integer `months`.
 */
export function anchorStep(anchor: string, current: string, months: number, options: AnchorStepOptions = {}): string {
  const anchorDay = requireParts(anchor).day;
  const currentDay = requireParts(current).day;
  requireWholeNumber(months, 'months');
  if (options.pastAnchorFallsBack && currentDay > anchorDay) return addMonths(current, months - 1, 31);
  return addMonths(current, months, anchorDay);
}

/**
 * The stable add (docs/schedules.md "Date steps", rule 3, VAT settlement dates): `months` later,
 * the date's own day clamped to the target month ('2026-01-31' + 1 = '2026-02-28', '2026-02-28' + 1
 * = '2026-03-28').
 * @throws RangeError on an invalid date or a non-integer `months`.
 */
export function stableAdd(date: string, months: number): string {
  return addMonths(date, months);
}

/** What decides when a transaction (or a salary) is paid. */
export interface PaymentSchedule {
  type: 'single' | 'repeating';
  /** Required for `repeating`; ignored for `single`. */
  cycle?: Cycle | null | undefined;
  startDate: string;
  endDate?: string | null | undefined;
}

/**
 * The next day a payment falls due on or after `today` (docs/schedules.md "Next execution date"),
 * or null when it never does again ("Abgelaufen"):
 * - single: the start date if it is today or later, else null;
 * - repeating, today before the start: the start (the end if that came earlier);
 * - repeating otherwise: the smallest n ≥ 1 with addCycle(start, cycle, n) ≥ today, null when that
 *   date is after the end. n starts at 1, so on the start day itself the next payment is one cycle
 *   later (kept for parity with the reference, docs/schedules.md "Next execution date").
 * The API computes the same in SQL for sorting and filtering (transactions.repository), and a test
 * compares both on a table of cases.
 * @throws RangeError on invalid dates, or a repeating schedule without a cycle.
 */
export function nextExecutionDate(schedule: PaymentSchedule, today: string): string | null {
  const { type, cycle, startDate, endDate } = schedule;
  requireParts(today);
  const start = requireParts(startDate);
  if (endDate) requireParts(endDate);
  if (type === 'single') return startDate >= today ? startDate : null;
  if (!cycle) throw new RangeError('A repeating schedule needs a cycle');
  if (today < startDate) return endDate && endDate < startDate ? endDate : startDate;
  const now = requireParts(today);
  const step = cycleMonths[cycle];
  // The first step whose month is not before today's; one more if it falls earlier in this month.
  const monthsApart = now.year * 12 + now.month - (start.year * 12 + start.month);
  const n = Math.max(1, Math.ceil(monthsApart / step));
  let next = addCycle(startDate, cycle, n);
  if (next < today) next = addCycle(startDate, cycle, n + 1);
  return endDate && next > endDate ? null : next;
}

/** Basis points of 100 % (a VAT rate of 8.1 % is 810). */
const WHOLE = 10_000n;

/**
 * The VAT of an amount (docs/schedules.md "VAT of a transaction") at `basisPoints` (810 = 8.1 %):
 * included in the amount, amount × v DIV (10000 + v); on top of it, amount × v DIV 10000. Truncates
 * toward zero, so a negative amount (an expense) has the same VAT with a minus sign. No rate: 0.
 * Computed with BigInt: amount × v exceeds 2^53 for large amounts (999'999'999'999.99 × 8.1 %),
 * where floating point would already have lost Rappen.
 * @throws RangeError when the amount is not whole cents or the rate not a whole number ≥ 0.
 */
export function vatAmount(amount: number, basisPoints: number | null | undefined, included: boolean): number {
  requireWholeNumber(amount, 'amount');
  if (basisPoints === null || basisPoints === undefined) return 0;
  if (!Number.isSafeInteger(basisPoints) || basisPoints < 0) {
    throw new RangeError(`A VAT rate is whole basis points >= 0: ${basisPoints}`);
  }
  const rate = BigInt(basisPoints);
  return Number((BigInt(amount) * rate) / (included ? WHOLE + rate : WHOLE));
}
