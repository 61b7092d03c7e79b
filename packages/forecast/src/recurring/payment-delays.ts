/**
 * Payment delays learned from matched occurrences (docs/recurring.md "Payment delays"): per planned
 * transaction and per counterparty, the median of booking date − due date in days over the payments
 * booked in the last 6 months, with the number of payments it rests on. Pure: "today" is a parameter.
 */

import { addMonths, daysBetween } from '@saldopilot/shared';

export interface MatchedPayment {
  transactionId: number;
  /** The counterparty's identity (IBAN, else normalised name) and its name as booked. */
  counterpartyKey: string | null;
  counterpartyName: string | null;
  dueDate: string;
  bookingDate: string;
}

export interface LearnedDelay {
  /** Median days late (negative: early). */
  days: number;
  /** Payments it rests on. */
  count: number;
  /** "Kommt im Schnitt 3 Tage später, aus 6 Zahlungen". */
  text: string;
}

/** Fewer payments than this teach nothing (docs/recurring.md "Payment delays"). */
export const MIN_PAYMENTS_FOR_DELAY = 3;
/** How far back payments count, in months. */
export const DELAY_MONTHS = 6;

export function delayText(days: number, count: number): string {
  const base =
    days === 0
      ? 'Kommt im Schnitt am Fälligkeitstag'
      : `Kommt im Schnitt ${Math.abs(days)} ${Math.abs(days) === 1 ? 'Tag' : 'Tage'} ${days > 0 ? 'später' : 'früher'}`;
  return `${base}, aus ${count} Zahlungen`;
}

/** The median of whole days; of an even count, the mean of the middle two rounded half away from zero. */
function medianDays(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length % 2 === 1) return sorted[middle] as number;
  const mean = ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
  return Math.sign(mean) * Math.round(Math.abs(mean));
}

function learned(delays: readonly number[]): LearnedDelay | undefined {
  if (delays.length < MIN_PAYMENTS_FOR_DELAY) return undefined;
  const days = medianDays(delays);
  return { days, count: delays.length, text: delayText(days, delays.length) };
}

/**
 * The delays learned from the payments booked after `today` − 6 months and up to today, per
 * transaction and per counterparty (only those with at least MIN_PAYMENTS_FOR_DELAY payments).
 * An entry paying one occurrence counts once per occurrence.
 */
export function learnDelays(
  payments: readonly MatchedPayment[],
  today: string,
): {
  byTransaction: Map<number, LearnedDelay>;
  byCounterparty: Map<string, LearnedDelay & { name: string }>;
} {
  const from = addMonths(today, -DELAY_MONTHS);
  const perTransaction = new Map<number, number[]>();
  const perCounterparty = new Map<string, { name: string; delays: number[] }>();
  for (const payment of payments) {
    if (payment.bookingDate <= from || payment.bookingDate > today) continue;
    const delay = daysBetween(payment.dueDate, payment.bookingDate);
    const list = perTransaction.get(payment.transactionId);
    if (list) list.push(delay);
    else perTransaction.set(payment.transactionId, [delay]);
    if (payment.counterpartyKey) {
      const entry = perCounterparty.get(payment.counterpartyKey);
      if (entry) entry.delays.push(delay);
      else perCounterparty.set(payment.counterpartyKey, { name: payment.counterpartyName ?? '', delays: [delay] });
    }
  }
  const byTransaction = new Map<number, LearnedDelay>();
  for (const [id, delays] of perTransaction) {
    const delay = learned(delays);
    if (delay) byTransaction.set(id, delay);
  }
  const byCounterparty = new Map<string, LearnedDelay & { name: string }>();
  for (const [key, { name, delays }] of perCounterparty) {
    const delay = learned(delays);
    if (delay) byCounterparty.set(key, { ...delay, name });
  }
  return { byTransaction, byCounterparty };
}
