/**
 * Planned occurrences as things (docs/plan-actual.md "Planned occurrences"): each cell of the ledger
 * is one occurrence — cycles are at least monthly, so a transaction has at most one per month — and
 * its identity is (kind, id, due date). Here: the due dates, the keys, and the walk that lists the
 * occurrences of a ledger; the overdue leaves that a forecast adds to its first month.
 */

import { daysOfMonthIndex, monthKeyOf, parseDay, type DayPoint } from './horizon.js';
import { EXCLUDED, type Ledger } from './ledger.js';
import { applyPerformance } from './performance.js';
import { compareNames } from './tree.js';
import type { LeafTable, OccurrenceKey, PlannedOccurrence } from './types.js';

/** 'YYYY-MM-DD' of a month index and day. */
export function dateOf(monthIndex: number, day: number): string {
  return `${monthKeyOf(monthIndex)}-${day < 10 ? '0' : ''}${day}`;
}

/**
 * The due day of a transaction or a salary in a month it pays in: its start day, clamped to the
 * month (docs/schedules.md; a salary is paid on the day of its start, docs/plan-actual.md).
 */
export function transactionDay(start: DayPoint, monthIndex: number): number {
  const days = daysOfMonthIndex(monthIndex);
  return start.day < days ? start.day : days;
}

/** The due date of a monthly item (cost label, VAT settlement): the month's last day. */
export function monthEnd(monthIndex: number): string {
  return dateOf(monthIndex, daysOfMonthIndex(monthIndex));
}

/** The key of an occurrence as one text, for sets and maps. */
export function occurrenceKeyText(key: OccurrenceKey): string {
  return `${key.kind}:${key.id}:${key.dueDate}`;
}

/**
 * The start of a transaction or a salary the ledger holds, by kind and id (the due day of its
 * occurrences); undefined for the kinds due on the month's last day.
 */
export type TransactionStarts = (kind: LeafTable, id: number) => DayPoint | undefined;

/** The due date of the occurrence (kind, id) in a month, or undefined when the item is unknown. */
export function dueDateOf(
  starts: TransactionStarts,
  kind: LeafTable,
  id: number,
  monthIndex: number,
): string | undefined {
  if (kind !== 'transactions' && kind !== 'salaries') return monthEnd(monthIndex);
  const start = starts(kind, id);
  return start && dateOf(monthIndex, transactionDay(start, monthIndex));
}

/**
 * Every occurrence of the ledger's months `fromOffset` … `toOffset` whose due date lies in
 * [`from`, `to`], before performance, excluded cells left out (they were not planned). `first` is
 * the month index of offset 0. Closed cells are listed: they were planned all the same.
 */
export function ledgerOccurrences(
  ledger: Ledger,
  first: number,
  starts: TransactionStarts,
  from: string,
  to: string,
): PlannedOccurrence[] {
  const fromOffset = Math.max(0, parseDay(from).monthIndex - first);
  const toOffset = Math.min(ledger.months - 1, parseDay(to).monthIndex - first);
  const { names, categories, tables, ids, amounts, present, excluded } = ledger;
  const stride = ledger.months;
  const found: PlannedOccurrence[] = [];
  for (let slot = 0; slot < ledger.size; slot++) {
    const kind = tables[slot] as LeafTable;
    const payers = kind === 'salaries' ? ledger.payersOf(slot) : undefined;
    for (let offset = fromOffset; offset <= toOffset; offset++) {
      const cell = slot * stride + offset;
      const amount = amounts[cell] as number;
      if (amount === 0 || present[cell] === 0 || excluded[cell] === EXCLUDED) continue;
      const id = payers ? (payers[offset] as number) : (ids[slot] as number);
      const dueDate = dueDateOf(starts, kind, id, first + offset);
      if (dueDate === undefined || dueDate < from || dueDate > to) continue;
      found.push({
        kind,
        id,
        dueDate,
        name: names[slot] as string,
        category: categories[slot] as string,
        amount: amount + 0,
        ...(payers ? { employeeId: ids[slot] as number } : {}),
      });
    }
  }
  return found;
}

/**
 * Marks the cells of `closed` keys closed (docs/plan-actual.md): a key names a cell only when its
 * due date is that cell's (a stale key — the item moved — closes nothing).
 */
export function closeCells(
  ledger: Ledger,
  first: number,
  starts: TransactionStarts,
  closed: readonly OccurrenceKey[],
): void {
  for (const key of closed) {
    const due = parseDay(key.dueDate);
    const offset = due.monthIndex - first;
    if (offset < 0 || offset >= ledger.months) continue;
    if (dueDateOf(starts, key.kind, key.id, due.monthIndex) !== key.dueDate) continue;
    ledger.close(key.kind, key.id, offset);
  }
}

/** An overdue occurrence with its amount as the forecast counts it (revenue after performance). */
export interface OverdueLeaf {
  occurrence: PlannedOccurrence;
  amount: number;
}

/**
 * The overdue occurrences as the first month counts them (docs/plan-actual.md "The forecast counts
 * nothing twice"): each a leaf of its own (`overdueDate`), revenue after performance, oldest first
 * (then by name); the tree puts them in their categories after the regular leaves. Answers them and
 * what they add to revenue and expense.
 */
export function overdueLeaves(
  overdue: readonly PlannedOccurrence[],
  performance: number,
): { leaves: OverdueLeaf[]; revenue: number; expense: number } {
  let revenue = 0;
  let expense = 0;
  const sorted = [...overdue].sort(
    (a, b) =>
      (a.dueDate < b.dueDate ? -1 : a.dueDate > b.dueDate ? 1 : 0) ||
      compareNames(a.name, b.name, undefined, undefined),
  );
  const leaves = sorted.map((occurrence) => {
    const isRevenue = occurrence.amount > 0;
    const amount =
      isRevenue && occurrence.kind !== 'vat_settlement'
        ? applyPerformance(occurrence.amount, performance)
        : occurrence.amount;
    if (isRevenue) revenue += amount;
    else expense += amount;
    return { occurrence, amount };
  });
  return { leaves, revenue, expense };
}
