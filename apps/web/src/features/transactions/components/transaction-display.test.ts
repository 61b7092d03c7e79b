import { describe, expect, it } from 'vitest';
import type { FiatRate, Transaction } from '@saldopilot/shared';
import { convertedText, cycleText, nextExecution, overdueSinceOf, safeHref, vatText } from './transaction-display';

const chf = { id: 1, code: 'CHF', description: 'Schweizer Franken', localeCode: 'de-CH' };
const rates: FiatRate[] = [{ base: 'CHF', target: 'EUR', rate: 1.05, updatedAt: '2026-11-20T00:00:00Z' }];

describe('transaction display', () => {
  it('names the next payment by its direction, or says it expired', () => {
    expect(nextExecution({ amount: 100, nextExecutionDate: '2026-12-01' })).toEqual({
      expired: false,
      label: 'Nächste Gutschrift',
      date: '01.12.2026',
    });
    expect(nextExecution({ amount: -100, nextExecutionDate: '2027-01-31' })).toMatchObject({
      label: 'Nächste Belastung',
      date: '31.01.2027',
    });
    expect(nextExecution({ amount: -100, nextExecutionDate: null })).toEqual({ expired: true });
  });

  // docs/web.md "Transaktionen"
  it('says "Überfällig seit …" for a past unpaid payment, as the Prognose does (one word per thing)', () => {
    expect(nextExecution({ amount: -100, nextExecutionDate: null }, '2026-10-30')).toEqual({
      expired: true,
      overdue: 'Überfällig seit 30.10.2026',
    });
    // A next payment still to come is named as before.
    expect(nextExecution({ amount: -100, nextExecutionDate: '2026-12-01' }, '2026-10-30')).toMatchObject({
      expired: false,
      date: '01.12.2026',
    });
  });

  it("takes the earliest überfällig due date of each transaction from the engine's overdue list", () => {
    const occurrence = (kind: 'transactions' | 'salaries', id: number, dueDate: string) => ({
      kind,
      id,
      dueDate,
      name: 'x',
      category: 'x',
      amount: -100,
    });
    const since = overdueSinceOf([
      occurrence('transactions', 7, '2026-10-30'),
      occurrence('transactions', 7, '2026-09-30'),
      occurrence('salaries', 7, '2026-08-25'),
      occurrence('transactions', 8, '2026-11-02'),
    ]);
    expect(since.get(7)).toBe('2026-09-30');
    expect(since.get(8)).toBe('2026-11-02');
    expect(since.size).toBe(2);
  });

  it('labels the cycle of a repeating transaction and a single one', () => {
    expect(cycleText({ type: 'repeating', cycle: 'quarterly' })).toBe('Vierteljährlich');
    expect(cycleText({ type: 'single', cycle: null })).toBe('Einmalig');
  });

  it('says whether the VAT is included or added', () => {
    const vat = { id: 1, value: 810, formattedValue: '8.1%', canEdit: false };
    const base = { vat, vatAmount: 7493, currency: chf };
    expect(vatText({ ...base, vatIncluded: true })).toBe('inkl. 74.93 CHF');
    expect(vatText({ ...base, vatIncluded: false })).toBe('zzgl. 74.93 CHF');
    expect(
      vatText({ ...base, vat: null, vatIncluded: false } as Pick<
        Transaction,
        'vat' | 'vatAmount' | 'vatIncluded' | 'currency'
      >),
    ).toBeUndefined();
  });

  it('converts a foreign amount with the rate of its currency, never 1:1', () => {
    expect(convertedText(105_00, 'EUR', 'CHF', rates)).toBe('~ 100.00 CHF');
    expect(convertedText(-2_100_00, 'EUR', 'CHF', rates)).toBe("~ -2'000.00 CHF");
    expect(convertedText(100_00, 'CHF', 'CHF', rates)).toBeUndefined();
    expect(convertedText(100_00, 'USD', 'CHF', rates)).toBeUndefined();
    expect(convertedText(100_00, 'EUR', 'CHF', undefined)).toBeUndefined();
  });

  it('links only http and https addresses', () => {
    expect(safeHref('https://example.ch/rechnung/1')).toBe('https://example.ch/rechnung/1');
    expect(safeHref('HTTP://example.ch')).toBe('HTTP://example.ch');
    expect(safeHref('javascript:alert(1)')).toBeUndefined();
    expect(safeHref(null)).toBeUndefined();
  });
});
