import { describe, expect, it } from 'vitest';
import { delayText, learnDelays, type MatchedPayment } from './payment-delays.js';

// docs/recurring.md "Payment delays"; today 2026-11-21, so payments booked after 2026-05-21 count.
const paid = (
  transactionId: number,
  dueDate: string,
  bookingDate: string,
  counterpartyKey: string | null = 'iban:CH1',
): MatchedPayment => ({
  transactionId,
  counterpartyKey,
  counterpartyName: 'Kunde AG',
  dueDate,
  bookingDate,
});

describe('payment delays learned', () => {
  it('takes the median of the last 6 months, with the number of payments, per transaction and counterparty', () => {
    const payments = [
      paid(1, '2026-05-01', '2026-05-10'), // booked before the 6 months: not counted
      paid(1, '2026-06-01', '2026-06-04'),
      paid(1, '2026-07-01', '2026-07-03'),
      paid(1, '2026-08-01', '2026-08-05'),
      paid(1, '2026-09-01', '2026-09-04'),
      paid(1, '2026-10-01', '2026-10-01'),
      paid(1, '2026-11-01', '2026-11-06'),
      paid(2, '2026-10-15', '2026-10-14', 'iban:CH1'),
    ];
    const { byTransaction, byCounterparty } = learnDelays(payments, '2026-11-21');
    // Delays 3, 2, 4, 3, 0, 5: sorted 0 2 3 3 4 5, median 3.
    expect(byTransaction.get(1)).toEqual({
      days: 3,
      count: 6,
      text: 'Kommt im Schnitt 3 Tage später, aus 6 Zahlungen',
    });
    // Too few payments of transaction 2 to learn anything.
    expect(byTransaction.has(2)).toBe(false);
    // The counterparty: the seven payments of both, −1 0 2 3 3 4 5 → 3.
    expect(byCounterparty.get('iban:CH1')).toMatchObject({ days: 3, count: 7, name: 'Kunde AG' });
  });

  it('says early, on the day, and one day', () => {
    expect(delayText(-2, 4)).toBe('Kommt im Schnitt 2 Tage früher, aus 4 Zahlungen');
    expect(delayText(0, 3)).toBe('Kommt im Schnitt am Fälligkeitstag, aus 3 Zahlungen');
    expect(delayText(1, 5)).toBe('Kommt im Schnitt 1 Tag später, aus 5 Zahlungen');
  });

  it('rounds an even count half away from zero', () => {
    const payments = [
      paid(3, '2026-07-01', '2026-07-01'),
      paid(3, '2026-08-01', '2026-08-01'),
      paid(3, '2026-09-01', '2026-09-02'),
      paid(3, '2026-10-01', '2026-10-03'),
    ];
    // 0 0 1 2: the middle two 0 and 1, mean 0.5 → 1.
    expect(learnDelays(payments, '2026-11-21').byTransaction.get(3)?.days).toBe(1);
  });
});
