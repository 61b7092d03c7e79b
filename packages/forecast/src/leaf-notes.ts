/**
 * How a computed leaf came about, per leaf and month (docs/payment-calendar.md "Explanations"): the
 * payment calendar's payments and the annual VAT instalments write a German explanation (payroll
 * basis, rates, periods) and the warnings that concern them; the details answer carries them on the
 * leaf. Kept beside the ledger, keyed by leaf and month, so the ledger's cells stay plain numbers.
 */

import { formatAmount } from '@saldopilot/shared';

export interface LeafNote {
  explanation: string;
  warnings?: string[];
}

/** Leaf (`relatedTable`, `relatedId`) and month ('YYYY-MM') → its note. */
export type LeafNotes = Map<string, LeafNote>;

/** Where the notes go, and the currency their amounts are written in (the organisation's). */
export interface NotesSink {
  notes: LeafNotes;
  currency: string;
}

export function leafNoteKey(relatedTable: string, relatedId: number, month: string): string {
  return `${relatedTable}|${relatedId}|${month}`;
}

/** 'YYYY-MM' of a month index. */
export function monthKeyOf(monthIndex: number): string {
  return `${String(Math.floor(monthIndex / 12)).padStart(4, '0')}-${String((monthIndex % 12) + 1).padStart(2, '0')}`;
}

/** Adds a note; two payments of one leaf in one month keep both explanations. */
export function addLeafNote(notes: LeafNotes, key: string, note: LeafNote): void {
  const before = notes.get(key);
  if (before === undefined) {
    notes.set(key, note);
    return;
  }
  const warnings = [...new Set([...(before.warnings ?? []), ...(note.warnings ?? [])])];
  notes.set(key, {
    explanation: `${before.explanation}; ${note.explanation}`,
    ...(warnings.length > 0 ? { warnings } : {}),
  });
}

/** "17'066.00 CHF" in the organisation currency. */
export function moneyText(cents: number, currency: string): string {
  return formatAmount(cents, currency);
}

/** A percentage in thousandths of a percent as text: 250 → "0.25 %", 2000 → "2 %". */
export function percentText(thousandths: number): string {
  return `${(thousandths / 1000).toFixed(3).replace(/\.?0+$/, '')} %`;
}
