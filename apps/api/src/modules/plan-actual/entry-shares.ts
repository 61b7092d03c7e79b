/**
 * What of an entry counts for each occurrence it is matched to (docs/plan-actual.md "Matching"): an
 * entry matched to one occurrence counts whole for it; one paying several at once (a salary run)
 * gives each its planned amount and the difference to its own amount (rounding, a rate, a near sum)
 * to the largest one, so every category gets what it planned and the shares add up to the entry.
 * Pure.
 */
import { exactSum } from '@saldopilot/shared';

/** A match row as the shares read it: its entry, its occurrence and the occurrence's planned amount. */
export interface ShareableMatch {
  entryId: number;
  kind: string;
  id: number;
  dueDate: string;
  plannedAmount: number;
}

/**
 * The shares of `amount` among occurrences planned at `planned` (in this order): the whole amount for
 * one; for several each its planned amount, the largest (the last of equal ones) the rest.
 */
export function sharesOf(amount: number, planned: readonly number[]): number[] {
  if (planned.length <= 1) return planned.map(() => amount);
  let largest = 0;
  planned.forEach((value, index) => {
    if (Math.abs(value) >= Math.abs(planned[largest] as number)) largest = index;
  });
  const others = planned.reduce((sum, value, index) => (index === largest ? sum : sum + value), 0);
  return planned.map((value, index) => (index === largest ? exactSum(amount - others, 'A share of an entry') : value));
}

function compareOccurrences(a: ShareableMatch, b: ShareableMatch): number {
  if (a.dueDate !== b.dueDate) return a.dueDate < b.dueDate ? -1 : 1;
  if (a.kind !== b.kind) return a.kind < b.kind ? -1 : 1;
  return a.id - b.id;
}

/**
 * Every row with its `share` of its entry's amount (`amountOf`, in the organisation currency). The
 * rows must hold all matches of each entry named; the answer keeps their order.
 */
export function withShares<Row extends ShareableMatch>(
  rows: readonly Row[],
  amountOf: (row: Row) => number,
): (Row & { share: number })[] {
  const byEntry = new Map<number, Row[]>();
  for (const row of rows) {
    const matches = byEntry.get(row.entryId);
    if (matches) matches.push(row);
    else byEntry.set(row.entryId, [row]);
  }
  const shares = new Map<Row, number>();
  for (const matches of byEntry.values()) {
    const ordered = [...matches].sort(compareOccurrences);
    const amounts = sharesOf(
      amountOf(ordered[0] as Row),
      ordered.map((row) => row.plannedAmount),
    );
    ordered.forEach((row, index) => shares.set(row, amounts[index] as number));
  }
  return rows.map((row) => ({ ...row, share: shares.get(row) as number }));
}

/** The rows in the order an entry lists its occurrences: by due date, kind and id. */
export function inOccurrenceOrder<Row extends ShareableMatch>(rows: readonly Row[]): Row[] {
  return [...rows].sort(compareOccurrences);
}
