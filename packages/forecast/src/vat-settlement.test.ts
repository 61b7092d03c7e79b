import { describe, expect, it } from 'vitest';
import { computeForecast } from './compute-forecast.js';
import { aTransaction, amountsOf, anInput } from './test-builders.js';
import type { ForecastTransaction, ForecastVatSetting } from './types.js';
import { intervalMonths } from './vat-settlement.js';

const revenue = (overrides: Partial<ForecastTransaction> = {}) =>
  aTransaction({ name: 'Kunde', categoryName: 'Projekte', amount: 100_000, vatBasisPoints: 810, ...overrides });

function settlements(setting: Partial<ForecastVatSetting>, transactions: ForecastTransaction[], extra = {}) {
  const vatSetting = {
    enabled: true,
    billingDate: '2026-01-01',
    interval: 'monthly',
    transactionMonthOffset: 1,
    ...setting,
  };
  return amountsOf(computeForecast(anInput({ months: 6, transactions, vatSetting, ...extra })), 'vat_settlement', 0);
}

describe('VAT settlement (research §5.8)', () => {
  it.each([
    { interval: 'monthly', expected: 1 },
    { interval: 'quarterly', expected: 3 },
    { interval: 'biannually', expected: 6 },
    { interval: 'yearly', expected: 12 },
    { interval: 'weekly', expected: 3 },
    { interval: 'toString', expected: 3 },
  ])('interval $interval is $expected months', ({ interval, expected }) => {
    expect(intervalMonths(interval)).toBe(expected);
  });

  it.each([
    {
      rule: 'monthly, offset 1: the VAT of month m is paid on the 1st of m + 2; March 1 is before today',
      setting: {},
      transactions: [revenue({ startDate: '2025-12-10', cycle: 'monthly' })],
      // 8'100 per month (VAT on top of 1'000.00); January's VAT was paid on March 1 (before today).
      expected: { '2026-04': -8_100, '2026-05': -8_100, '2026-06': -8_100, '2026-07': -8_100, '2026-08': -8_100 },
    },
    {
      rule: 'VAT included: amount × v DIV (10000 + v)',
      setting: {},
      transactions: [
        revenue({ startDate: '2026-02-10', type: 'single', amount: 107_700, vatBasisPoints: 770, vatIncluded: true }),
      ],
      expected: { '2026-04': -7_700 },
    },
    {
      rule: 'past single occurrences count, exclusions are ignored',
      setting: { billingDate: '2026-03-18' },
      transactions: [revenue({ startDate: '2026-02-05', type: 'single' })],
      expected: { '2026-04': -8_100 },
    },
    {
      rule: 'a settlement on today is not added (strictly after today)',
      setting: { billingDate: '2026-02-17' },
      transactions: [revenue({ startDate: '2026-01-05', type: 'single' })],
      expected: {},
    },
    {
      rule: 'quarterly, offset 2: Q (Dec–Feb) paid on March 31 + 2 = May 31 (stable add)',
      setting: { billingDate: '2026-03-31', interval: 'quarterly', transactionMonthOffset: 2 },
      transactions: [revenue({ startDate: '2025-12-01', cycle: 'monthly' })],
      expected: { '2026-05': -24_300, '2026-08': -24_300 },
    },
    {
      rule: 'months before the first period are dropped',
      setting: { billingDate: '2026-05-01', interval: 'quarterly', transactionMonthOffset: 0 },
      transactions: [revenue({ startDate: '2026-01-01', cycle: 'monthly' })],
      // First period Feb–Apr (January dropped), paid May 1; May–Jul paid Aug 1.
      expected: { '2026-05': -24_300, '2026-08': -24_300 },
    },
    {
      rule: 'expenses and transactions without a rate carry no VAT to settle',
      setting: {},
      transactions: [
        revenue({ id: 1, amount: -100_000, startDate: '2026-02-10', type: 'single' }),
        revenue({ id: 2, vatBasisPoints: null, startDate: '2026-02-10', type: 'single' }),
      ],
      expected: {},
    },
    {
      rule: 'a disabled setting settles nothing',
      setting: { enabled: false },
      transactions: [revenue({ startDate: '2026-02-10', type: 'single' })],
      expected: {},
    },
    {
      rule: 'VAT is converted with the transaction currency (8100.00 EUR / 1.083706)',
      setting: {},
      transactions: [revenue({ startDate: '2026-02-10', type: 'single', currency: 'EUR' })],
      expected: { '2026-04': -7_474 },
    },
  ])('$rule', ({ setting, transactions, expected }) => {
    expect(settlements(setting, transactions, { rates: { EUR: 1.083706 } })).toEqual(expected);
  });

  it('is one leaf "Mwst." (vat_settlement, id 0) under "Mwst." and gets the performance, rounded per leaf', () => {
    const result = computeForecast(
      anInput({
        months: 2,
        performance: 150,
        transactions: [revenue({ startDate: '2026-02-10', type: 'single', amount: 100_013 })],
        vatSetting: { enabled: true, billingDate: '2026-02-01', interval: 'monthly', transactionMonthOffset: 1 },
      }),
    );
    // VAT 81.01 (1'000.13 × 8.1 %, truncated) × 150 % = 121.515 → 121.52 (half away from zero).
    expect(result.details[1]?.expense).toEqual([
      {
        name: 'Mwst.',
        amount: -12_152,
        children: [{ name: 'Mwst.', amount: -12_152, relatedTable: 'vat_settlement', relatedId: 0, isExcluded: false }],
      },
    ]);
  });
});
