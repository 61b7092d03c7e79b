import { describe, expect, it } from 'vitest';
import { computeForecast } from './compute-forecast.js';
import { leafNoteKey } from './leaf-notes.js';
import { aTransaction, anInput, leavesOf } from './test-builders.js';
import type { ForecastVatSetting } from './types.js';

// Annual VAT (docs/vat.md "Annual settlement (Art. 86a)"), worked by hand. Today 2026-03-17, the
// forecast runs March 2026 – March 2027. Revenue: 10'000.00 net a month at 8.1 % since January
// 2025, so 810.00 VAT a month, 9'720.00 a year; gross revenue 10'810.00 a month, 129'720.00 a year.
const revenue = aTransaction({
  name: 'Kunde',
  categoryName: 'Projekte',
  amount: 1_000_000,
  vatBasisPoints: 810,
  startDate: '2025-01-31',
});

function vatLeaves(setting: Partial<ForecastVatSetting>) {
  const vatSetting: ForecastVatSetting = {
    enabled: true,
    billingDate: '2026-01-01',
    interval: 'yearly',
    transactionMonthOffset: 0,
    paymentTerm: 'estv',
    ...setting,
  };
  const result = computeForecast(anInput({ transactions: [revenue], vatSetting }));
  return leavesOf(result)
    .filter((leaf) => leaf.relatedTable === 'vat_settlement')
    .map(({ month, name, amount, side }) => [month, name, amount, side]);
}

describe('annual VAT settlement (Art. 86a)', () => {
  it("effective method: ¼ of the previous year's tax on 30 May, 28 August and 26 November, the balance in February", () => {
    expect(vatLeaves({ previousYearTax: 800_000 })).toEqual([
      ['2026-05', 'MWST-Rate 1/3', -200_000, 'expense'],
      ['2026-08', 'MWST-Rate 2/3', -200_000, 'expense'],
      ['2026-11', 'MWST-Rate 3/3', -200_000, 'expense'],
      // 9'720.00 − 3 × 2'000.00; 2025's balance was due on 28 February 2026, before today.
      ['2027-02', 'MWST', -372_000, 'expense'],
    ]);
  });

  it("without the previous year's tax, estimates the instalments from the plan's year and says so", () => {
    expect(vatLeaves({})).toEqual([
      ['2026-05', 'MWST-Rate 1/3 (geschätzt)', -243_000, 'expense'],
      ['2026-08', 'MWST-Rate 2/3 (geschätzt)', -243_000, 'expense'],
      ['2026-11', 'MWST-Rate 3/3 (geschätzt)', -243_000, 'expense'],
      ['2027-02', 'MWST', -243_000, 'expense'],
    ]);
  });

  it('net tax rate method: ½ on 28 August, the balance in February; a refund when the instalment was too high', () => {
    const net = { method: 'netTaxRate' as const, netTaxRate: 6_200 };
    // 129'720.00 × 6.2 % = 8'042.64; half of it estimated.
    expect(vatLeaves(net)).toEqual([
      ['2026-08', 'MWST-Rate 1/1 (geschätzt)', -402_132, 'expense'],
      ['2027-02', 'MWST', -402_132, 'expense'],
    ]);
    // An entered previous year's tax of 20'000.00: 10'000.00 in August, 1'957.36 back in February.
    expect(vatLeaves({ ...net, previousYearTax: 2_000_000 })).toEqual([
      ['2026-08', 'MWST-Rate 1/1', -1_000_000, 'expense'],
      ['2027-02', 'MWST', 195_736, 'revenue'],
    ]);
  });

  it('explains each instalment in the details: the share of which tax, the due day (docs/payment-calendar.md "Explanations")', () => {
    const notesOf = (setting: Partial<ForecastVatSetting>) => {
      const vatSetting: ForecastVatSetting = {
        enabled: true,
        billingDate: '2026-01-01',
        interval: 'yearly',
        transactionMonthOffset: 0,
        paymentTerm: 'estv',
        ...setting,
      };
      return computeForecast(anInput({ transactions: [revenue], vatSetting })).notes;
    };
    expect(notesOf({ previousYearTax: 800_000 })?.get(leafNoteKey('vat_settlement', 1, '2026-05'))).toEqual({
      explanation: "1/4 der MWST 2025 8'000.00 CHF (eingegeben) = 2'000.00 CHF, fällig am 2026-05-30",
    });
    expect(notesOf({})?.get(leafNoteKey('vat_settlement', 12, '2026-08'))).toEqual({
      explanation: "1/4 der geplanten MWST 2026 9'720.00 CHF = 2'430.00 CHF, fällig am 2026-08-28",
    });
  });
});
