/**
 * The 13th salary (docs/salary-rules.md, "13th salary"): a twelfth of every monthly salary paid in
 * a calendar year, paid once a year with the salary of November or December. Pure; months are
 * counted as indices (year × 12 + month − 1) so no date strings are built per payment.
 */

import { daysInMonth } from './calendar.js';
import { cycleMonths, type Cycle } from './schemas/fields.js';

/** What the rule needs of one salary row of an employee. */
export interface ThirteenthSalaryRow {
  id: number;
  /** Gross per salary cycle (Rappen). */
  amount: number;
  cycle: Cycle;
  fromDate: string;
  toDate: string | null;
  isDisabled: boolean;
  isTermination: boolean;
  hasThirteenthSalary: boolean;
  /** 11 or 12: the month whose salary carries the 13th. */
  thirteenthSalaryMonth: number;
}

/** One payment of a 13th salary: added to the payment of `salaryId` in `month` ('YYYY-MM'). */
export interface ThirteenthSalaryPayment {
  salaryId: number;
  month: string;
  amount: number;
}

/** The month index of a 'YYYY-MM…' string. */
export function monthIndexOf(value: string): number {
  return Number(value.slice(0, 4)) * 12 + Number(value.slice(5, 7)) - 1;
}

/** The 'YYYY-MM' of a month index. */
export function monthOfIndex(index: number): string {
  const year = Math.floor(index / 12);
  return `${String(year).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** True for a salary that is paid: neither disabled nor a termination. */
function isPaid(row: ThirteenthSalaryRow): boolean {
  return !row.isDisabled && !row.isTermination;
}

/**
 * The month indices of a salary's payments: every step from its start, up to its end (a payment in
 * the end's month counts when its day is not after the end) or up to `lastOpen` without an end.
 */
function paymentRange(row: ThirteenthSalaryRow, lastOpen: number): { first: number; last: number; step: number } {
  const first = monthIndexOf(row.fromDate);
  const step = cycleMonths[row.cycle];
  if (row.toDate === null) return { first, last: lastOpen, step };
  const end = monthIndexOf(row.toDate);
  const anchorDay = Number(row.fromDate.slice(8, 10));
  const dayInEndMonth = Math.min(
    anchorDay,
    daysInMonth(Number(row.toDate.slice(0, 4)), Number(row.toDate.slice(5, 7))),
  );
  return { first, last: dayInEndMonth <= Number(row.toDate.slice(8, 10)) ? end : end - 1, step };
}

function paysIn(range: { first: number; last: number; step: number }, month: number): boolean {
  return month >= range.first && month <= range.last && (month - range.first) % range.step === 0;
}

/** Number of payments of the range within the months `from` … `to`. */
function paymentsBetween(range: { first: number; last: number; step: number }, from: number, to: number): number {
  const start = Math.max(from, range.first);
  const end = Math.min(to, range.last);
  if (end < start) return 0;
  const firstPaid = start + ((range.step - ((start - range.first) % range.step)) % range.step);
  return firstPaid > end ? 0 : Math.floor((end - firstPaid) / range.step) + 1;
}

/**
 * The 13th-salary payments of one employee's salaries in the months `fromMonth` … `toMonth`
 * ('YYYY-MM'). For each calendar year and each salary with a 13th salary, its share is amount ×
 * the number of its payments in that year (the whole year counts, also months before `fromMonth`;
 * without an end the salary runs to the end of `toMonth`'s year). The share is paid in the salary's
 * 13th-salary month of that year — by the salary paying then, which after a raise is the later
 * salary of the same employee — or, when no salary of the employee pays then (the employment ended
 * earlier), with the salary's last payment of that year. Each payment is floor(Σ shares / 12): the
 * one rounding. A 13th salary needs a monthly salary (the API refuses it on other cycles).
 * Examples: 6'000.00 a month all year → 6'000.00 with December's salary; from 1 April → 9/12 =
 * 4'500.00; 5'000.00 January–June then 6'000.00 → (6 × 5'000 + 6 × 6'000) / 12 = 5'500.00.
 */
export function thirteenthSalaryPayments(
  salaries: readonly ThirteenthSalaryRow[],
  fromMonth: string,
  toMonth: string,
): ThirteenthSalaryPayment[] {
  const from = monthIndexOf(fromMonth);
  const to = monthIndexOf(toMonth);
  const lastOpen = Math.floor(to / 12) * 12 + 11;
  const paid = salaries.filter(isPaid).map((row) => ({ row, range: paymentRange(row, lastOpen) }));
  const totals = new Map<string, { salaryId: number; month: number; total: bigint }>();
  for (const { row, range } of paid) {
    if (!row.hasThirteenthSalary || row.cycle !== 'monthly') continue;
    for (let year = Math.floor(from / 12); year <= Math.floor(to / 12); year++) {
      const count = paymentsBetween(range, year * 12, year * 12 + 11);
      if (count === 0) continue;
      const target = year * 12 + row.thirteenthSalaryMonth - 1;
      const payer = paysIn(range, target) ? row : paid.find((other) => paysIn(other.range, target))?.row;
      const month = payer ? target : Math.min(range.last, year * 12 + 11);
      const key = `${payer?.id ?? row.id}|${month}`;
      const entry = totals.get(key) ?? { salaryId: payer?.id ?? row.id, month, total: 0n };
      entry.total += BigInt(row.amount) * BigInt(count);
      totals.set(key, entry);
    }
  }
  const payments: ThirteenthSalaryPayment[] = [];
  for (const { salaryId, month, total } of totals.values()) {
    if (month < from || month > to) continue;
    payments.push({ salaryId, month: monthOfIndex(month), amount: Number(total / 12n) });
  }
  return payments.sort((a, b) => (a.month < b.month ? -1 : a.month > b.month ? 1 : a.salaryId - b.salaryId));
}
