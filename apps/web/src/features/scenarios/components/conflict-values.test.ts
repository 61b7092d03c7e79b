import { describe, expect, it } from 'vitest';
import { conflictFieldLabel, conflictValue } from './conflict-values';

describe('conflict values (docs/scenarios.md "One scenario")', () => {
  it('names the fields in German and formats amounts, dates and cycles', () => {
    expect(conflictFieldLabel('exitDate')).toBe('Austrittsdatum');
    expect(conflictFieldLabel('amount')).toBe('Betrag');
    expect(conflictValue('amount', -250_000)).toBe("-2'500.00");
    expect(conflictValue('exitDate', '2027-04-01')).toBe('01.04.2027');
    expect(conflictValue('endDate', null)).toBe('–');
    expect(conflictValue('cycle', 'quarterly')).toBe('Vierteljährlich');
  });

  it('names a payment calendar block by its fund and says it in words', () => {
    expect(conflictFieldLabel('paymentCalendar.bvg')).toBe('Zahlungskalender: Pensionskasse (BVG)');
    const ahv = { rhythm: 'monthly', akonto: null, dueDays: 10, differenceMonth: 3 };
    expect(conflictValue('paymentCalendar.ahv', ahv)).toBe(
      'Monatlich, Akonto berechnet, Differenz im Monat 3, 10 Tage',
    );
    expect(conflictValue('paymentCalendar.ahv', { ...ahv, rhythm: null })).toMatch(/^Aus der Lohnsumme/);
    expect(conflictValue('paymentCalendar.uvg', null)).toBe('mit dem Lohn');
    expect(conflictValue('paymentCalendar.uvg', { premiumMonth: 1, instalments: 4, finalMonth: 3 })).toBe(
      'Prämie im Monat 1, 4 Raten, Schlussabrechnung im Monat 3',
    );
  });
});
