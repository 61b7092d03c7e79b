/**
 * Learned payment delays in the forecast (docs/recurring.md "Payment delays"): a transaction whose
 * `delayDays` is set (its switch "gelernte Verzögerung anwenden" on) has its occurrences from today
 * on counted that many days later (earlier when negative, never before the first month), in the
 * forecast's result only. The ledger's cells stay where the plan has them — plan vs actual reads
 * its occurrences and their due dates from them — so the cells are moved just while a result is
 * built, and put back right after. Called from one place (`ForecastModel.result`).
 */

import { addDays } from '@saldopilot/shared';
import { parseDay, type DayPoint } from './horizon.js';
import { CLOSED, type Ledger } from './ledger.js';
import { isTodayOrLater } from './occurrences.js';
import { dateOf, transactionDay } from './planned-occurrences.js';
import type { ForecastTransaction } from './types.js';

/** The leaf's name with the delay said ("Miete (gelernte Verzögerung: 3 Tage später)"). */
export function delayedName(name: string, days: number): string {
  const amount = `${Math.abs(days)} ${Math.abs(days) === 1 ? 'Tag' : 'Tage'}`;
  return `${name} (gelernte Verzögerung: ${amount} ${days > 0 ? 'später' : 'früher'})`;
}

interface Saved {
  slot: number;
  name: string;
  amounts: Float64Array;
  present: Int32Array;
  excluded: Uint8Array;
}

/**
 * `build()` run with the delayed transactions' future occurrences moved in `ledger` (offset 0 is
 * month index `first`), the ledger as it was again afterwards, also when `build` throws.
 */
export function withLearnedDelays<T>(
  ledger: Ledger,
  first: number,
  today: DayPoint,
  transactions: Iterable<ForecastTransaction>,
  build: () => T,
): T {
  const months = ledger.months;
  const saved: Saved[] = [];
  try {
    for (const transaction of transactions) {
      const delay = transaction.delayDays ?? 0;
      if (delay === 0 || transaction.isDisabled) continue;
      const slot = ledger.slotOf('transactions', transaction.id);
      if (slot === undefined) continue;
      const base = slot * months;
      const row: Saved = {
        slot,
        name: ledger.names[slot] as string,
        amounts: ledger.amounts.slice(base, base + months),
        present: ledger.present.slice(base, base + months),
        excluded: ledger.excluded.slice(base, base + months),
      };
      saved.push(row);
      const start = parseDay(transaction.startDate);
      const moves: { from: number; to: number }[] = [];
      for (let offset = 0; offset < months; offset++) {
        if (row.present[offset] === 0) continue;
        const month = first + offset;
        const day = transactionDay(start, month);
        if (!isTodayOrLater(month, day, today)) continue;
        const to = Math.max(0, parseDay(addDays(dateOf(month, day), delay)).monthIndex - first);
        if (to !== offset) moves.push({ from: offset, to });
      }
      for (const { from } of moves) {
        ledger.amounts[base + from] = 0;
        ledger.present[base + from] = 0;
      }
      for (const { from, to } of moves) {
        // An occurrence moved past the horizon's end leaves the forecast.
        if (to >= months) continue;
        ledger.amounts[base + to] = (ledger.amounts[base + to] as number) + (row.amounts[from] as number);
        ledger.present[base + to] = (ledger.present[base + to] as number) + (row.present[from] as number);
        if (row.excluded[from] !== 0)
          ledger.excluded[base + to] = row.excluded[from] === CLOSED ? CLOSED : (row.excluded[from] as number);
      }
      if (moves.length > 0) ledger.names[slot] = delayedName(row.name, delay);
    }
    return build();
  } finally {
    for (const row of saved) {
      const base = row.slot * months;
      ledger.amounts.set(row.amounts, base);
      ledger.present.set(row.present, base);
      ledger.excluded.set(row.excluded, base);
      ledger.names[row.slot] = row.name;
    }
  }
}
