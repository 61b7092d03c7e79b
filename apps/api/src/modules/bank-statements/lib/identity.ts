import { createHash } from 'node:crypto';
import type { ParsedEntry } from './statement.js';

/**
 * The identity of each entry of one file's statement within its account (docs/bank-statements.md
 * "Nothing twice"): the bank's reference where present (with the detail's place for a split
 * collective entry), else a fingerprint of date, amount, currency, reference, counterparty and
 * text. Repeats inside one statement are counted apart (#2, #3, …), so two equal coffees of one day
 * stay two entries, while the same file imported again finds every identity taken.
 */
export function entryIdentities(entries: ParsedEntry[]): string[] {
  const seen = new Map<string, number>();
  return entries.map((entry) => {
    const base = entry.bankReference
      ? `ref:${entry.bankReference}${entry.detailIndex ? `/${entry.detailIndex}` : ''}`
      : `fp:${fingerprint(entry)}`;
    const count = (seen.get(base) ?? 0) + 1;
    seen.set(base, count);
    return count === 1 ? base : `${base}#${count}`;
  });
}

function fingerprint(entry: ParsedEntry): string {
  const parts = [
    entry.bookingDate,
    entry.amount,
    entry.currency,
    entry.reference,
    entry.counterpartyName,
    entry.counterpartyIban,
    entry.remittanceInformation,
  ];
  return createHash('sha256').update(JSON.stringify(parts)).digest('base64url').slice(0, 32);
}
