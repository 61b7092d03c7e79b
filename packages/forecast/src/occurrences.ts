/**
 * Occurrences of a transaction or a salary (docs/forecast.md "Transactions", docs/salary-rules.md
 * "Salaries in the forecast"): from the start, step with anchorStep(start, current, cycle months)
 * while the date is ≤ the end. Stepping with the anchor's day means occurrence n is simply "start
 * month + n × cycle, on the start day clamped to that month", so it is computed here on month
 * indexes instead of date strings (occurrences.test.ts checks it against the shared anchorStep).
 * Cycles are at least monthly: at most one occurrence per month.
 */

import { daysOfMonthIndex, parseDay, type DayPoint } from './horizon.js';

/** A series of occurrences: start, step in months (0 = a single occurrence), optional end. */
export interface OccurrenceSeries {
  start: DayPoint;
  stepMonths: number;
  end: DayPoint | null;
}

/**
 * The series of a transaction's or salary's occurrences, its dates read once: `stepMonths` 0 means
 * one occurrence on the start date (the end is then ignored, as single transactions have none).
 * @throws RangeError on invalid dates.
 */
export function occurrenceSeries(startDate: string, stepMonths: number, endDate: string | null): OccurrenceSeries {
  return { start: parseDay(startDate), stepMonths, end: stepMonths > 0 && endDate ? parseDay(endDate) : null };
}

/**
 * Calls `visit(monthIndex, day)` for every occurrence whose month lies in `fromMonth`…`toMonth`, in
 * order. Occurrences after the end stop the series; months before `fromMonth` are skipped
 * arithmetically, so a series that started decades ago costs nothing.
 */
export function forEachOccurrence(
  schedule: OccurrenceSeries,
  fromMonth: number,
  toMonth: number,
  visit: (monthIndex: number, day: number) => void,
): void {
  const { start, stepMonths, end } = schedule;
  if (stepMonths <= 0) {
    if (start.monthIndex >= fromMonth && start.monthIndex <= toMonth) visit(start.monthIndex, start.day);
    return;
  }
  const skipped = start.monthIndex < fromMonth ? Math.ceil((fromMonth - start.monthIndex) / stepMonths) : 0;
  for (let month = start.monthIndex + skipped * stepMonths; month <= toMonth; month += stepMonths) {
    const days = daysOfMonthIndex(month);
    const day = start.day < days ? start.day : days;
    if (end !== null && (month > end.monthIndex || (month === end.monthIndex && day > end.day))) return;
    visit(month, day);
  }
}

/** True when the occurrence (monthIndex, day) is on or after `today` (occurrences < today are skipped). */
export function isTodayOrLater(monthIndex: number, day: number, today: DayPoint): boolean {
  return monthIndex > today.monthIndex || (monthIndex === today.monthIndex && day >= today.day);
}
