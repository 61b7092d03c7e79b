/**
 * A scenario's delays and percentages applied to a transaction's occurrences as they are generated
 * (docs/scenarios.md "Implementation"): each occurrence's date and amount run through the
 * transaction's `occurrenceChanges` in order, so a side-wide lever costs one pass over the
 * occurrences instead of a row per occurrence. The result is exactly what the rows per occurrence
 * gave: the same dates (`addDays`' arithmetic) and amounts (`scaledAmount`, rounded once per lever).
 */

import { daysOfMonthIndex, parseDay } from './horizon.js';
import { forEachOccurrence, type OccurrenceSeries } from './occurrences.js';
import type { OccurrenceChange } from './types.js';

/** × (100 + percent) / 100, rounded once (half away from zero); percent with at most two decimals. */
export function scaledAmount(amount: number, percent: number): number {
  const factor = BigInt(Math.round((100 + percent) * 100));
  const product = BigInt(amount) * factor;
  const quotient = product / 10_000n;
  const remainder = product % 10_000n;
  const twice = (remainder < 0n ? -remainder : remainder) * 2n;
  const rounded = twice >= 10_000n ? quotient + (product < 0n ? -1n : 1n) : quotient;
  return Number(rounded);
}

/** A date as one number that orders like the date: month index × 32 + day. */
function keyOf(date: string): number {
  const { monthIndex, day } = parseDay(date);
  return monthIndex * 32 + day;
}

/** A change with its dates as keys, read once per transaction; a scale keeps its last product. */
interface PreparedChange {
  shift: number;
  percent: number;
  from: number;
  to: number;
  lastIn: number;
  lastOut: number;
}

function prepare(changes: readonly OccurrenceChange[]): PreparedChange[] {
  return changes.map((change) => ({
    shift: change.kind === 'shift' ? change.days : 0,
    percent: change.kind === 'scale' ? change.percent : 0,
    from: keyOf(change.from),
    to: change.kind === 'scale' && change.to !== null ? keyOf(change.to) : Infinity,
    lastIn: Number.NaN,
    lastOut: 0,
  }));
}

/**
 * Calls `visit(monthIndex, day, amount)` for every occurrence of `series` (paying `amount`) whose
 * date after `changes` lies in the months `fromMonth`…`toMonth`. A shift moves an occurrence only
 * later, so the occurrences due up to `toMonth` are all there are; the ones due before `fromMonth`
 * are looked at as far back as the shifts can reach. Occurrences come in their original order.
 * Dates are moved by whole month lengths (what `addDays` gives, checked in the test) and amounts
 * scaled by `scaledAmount`, once per distinct amount.
 */
export function forEachChangedOccurrence(
  series: OccurrenceSeries,
  amount: number,
  changes: readonly OccurrenceChange[],
  fromMonth: number,
  toMonth: number,
  visit: (monthIndex: number, day: number, amount: number) => void,
): void {
  const prepared = prepare(changes);
  let reach = 0;
  for (const change of prepared) reach += change.shift;
  // A shift of d days moves an occurrence at most ⌈d / 28⌉ months on.
  const lookBack = Math.ceil(reach / 28);
  forEachOccurrence(series, fromMonth - lookBack, toMonth, (dueMonth, dueDay) => {
    let month = dueMonth;
    let day = dueDay;
    let paid = amount;
    for (const change of prepared) {
      const key = month * 32 + day;
      if (key < change.from || key > change.to) continue;
      if (change.shift !== 0) {
        day += change.shift;
        for (let length = daysOfMonthIndex(month); day > length; length = daysOfMonthIndex(month)) {
          day -= length;
          month += 1;
        }
      } else {
        if (paid !== change.lastIn) {
          change.lastIn = paid;
          change.lastOut = scaledAmount(paid, change.percent);
        }
        paid = change.lastOut;
      }
    }
    if (month >= fromMonth && month <= toMonth) visit(month, day, paid);
  });
}
