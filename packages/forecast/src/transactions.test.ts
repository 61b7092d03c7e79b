import { describe, expect, it } from 'vitest';
import { computeForecast } from './compute-forecast.js';
import { aTransaction, amountsOf, anInput, leavesOf } from './test-builders.js';
import type { ForecastTransaction } from './types.js';

const forecast = (transaction: Partial<ForecastTransaction>, months = 4, today = '2026-03-17') =>
  amountsOf(computeForecast(anInput({ today, months, transactions: [aTransaction(transaction)] })), 'transactions', 1);

describe('transactions in the forecast (docs/forecast.md "Transactions")', () => {
  it.each([
    {
      rule: 'monthly on the 31st: occurrences on the month ends, today (17th) before March 31',
      transaction: { startDate: '2026-01-31', cycle: 'monthly' as const },
      expected: { '2026-03': -100_000, '2026-04': -100_000, '2026-05': -100_000, '2026-06': -100_000 },
    },
    {
      rule: 'monthly on the 15th: March 15 is before today and skipped',
      transaction: { startDate: '2026-01-15', cycle: 'monthly' as const },
      expected: { '2026-04': -100_000, '2026-05': -100_000, '2026-06': -100_000 },
    },
    {
      rule: 'monthly on today counts',
      transaction: { startDate: '2025-12-17', cycle: 'monthly' as const },
      expected: { '2026-03': -100_000, '2026-04': -100_000, '2026-05': -100_000, '2026-06': -100_000 },
    },
    {
      rule: 'quarterly from November 30: February 28, May 30',
      transaction: { startDate: '2025-11-30', cycle: 'quarterly' as const },
      expected: { '2026-05': -100_000 },
    },
    {
      rule: 'biannually from a 31st in the past',
      transaction: { startDate: '2025-12-31', cycle: 'biannually' as const },
      expected: { '2026-06': -100_000 },
    },
    {
      rule: 'yearly from February 29, 2024 lands on February 28 (outside) and is not in these months',
      transaction: { startDate: '2024-02-29', cycle: 'yearly' as const },
      expected: {},
    },
    {
      rule: 'yearly in April',
      transaction: { startDate: '2020-04-30', cycle: 'yearly' as const },
      expected: { '2026-04': -100_000 },
    },
    {
      rule: 'an end date stops the series (occurrence ≤ end)',
      transaction: { startDate: '2026-01-31', cycle: 'monthly' as const, endDate: '2026-04-29' },
      expected: { '2026-03': -100_000 },
    },
    {
      rule: 'an end date on the occurrence keeps it',
      transaction: { startDate: '2026-01-31', cycle: 'monthly' as const, endDate: '2026-04-30' },
      expected: { '2026-03': -100_000, '2026-04': -100_000 },
    },
    {
      rule: 'a future start begins there',
      transaction: { startDate: '2026-05-10', cycle: 'monthly' as const },
      expected: { '2026-05': -100_000, '2026-06': -100_000 },
    },
    {
      rule: 'single today counts',
      transaction: { type: 'single' as const, startDate: '2026-03-17' },
      expected: { '2026-03': -100_000 },
    },
    {
      rule: 'single yesterday is gone',
      transaction: { type: 'single' as const, startDate: '2026-03-16' },
      expected: {},
    },
    {
      rule: 'single in the future',
      transaction: { type: 'single' as const, startDate: '2026-06-30' },
      expected: { '2026-06': -100_000 },
    },
    {
      rule: 'single after the horizon',
      transaction: { type: 'single' as const, startDate: '2026-07-01' },
      expected: {},
    },
    { rule: 'disabled contributes nothing', transaction: { isDisabled: true }, expected: {} },
    {
      rule: 'VAT not included is added on top (1000.00 + 8.1 %)',
      transaction: { type: 'single' as const, startDate: '2026-04-01', amount: 100_000, vatBasisPoints: 810 },
      expected: { '2026-04': 108_100 },
    },
    {
      rule: 'VAT included is already in the amount',
      transaction: {
        type: 'single' as const,
        startDate: '2026-04-01',
        amount: 100_000,
        vatBasisPoints: 810,
        vatIncluded: true,
      },
      expected: { '2026-04': 100_000 },
    },
    {
      rule: 'VAT on an expense truncates toward zero (−0.05 × 8.1 % = −0.00405 → 0)',
      transaction: { type: 'single' as const, startDate: '2026-04-01', amount: -5, vatBasisPoints: 810 },
      expected: { '2026-04': -5 },
    },
    {
      rule: 'VAT on top of an expense: −120.00 → −129.72',
      transaction: { type: 'single' as const, startDate: '2026-04-01', amount: -12_000, vatBasisPoints: 810 },
      expected: { '2026-04': -12_972 },
    },
  ])('$rule', ({ transaction, expected }) => {
    expect(forecast(transaction)).toEqual(expected);
  });

  it('positive amounts are revenue, negative expense, under the transaction category', () => {
    const result = computeForecast(
      anInput({
        months: 1,
        transactions: [
          aTransaction({ id: 1, name: 'Kunde', amount: 50_000, categoryName: 'Projekte', startDate: '2026-03-20' }),
          aTransaction({ id: 2, name: 'Miete', amount: -30_000, categoryName: 'Miete', startDate: '2026-03-20' }),
        ],
      }),
    );
    expect(result.details[0]).toEqual({
      month: '2026-03',
      revenue: [
        {
          name: 'Projekte',
          amount: 50_000,
          children: [{ name: 'Kunde', amount: 50_000, relatedTable: 'transactions', relatedId: 1, isExcluded: false }],
        },
      ],
      expense: [
        {
          name: 'Miete',
          amount: -30_000,
          children: [{ name: 'Miete', amount: -30_000, relatedTable: 'transactions', relatedId: 2, isExcluded: false }],
        },
      ],
    });
    expect(result.months[0]).toMatchObject({ revenue: 50_000, expense: -30_000, cashflow: 20_000 });
  });

  it('an amount that converts to 0 is ignored (no leaf)', () => {
    const result = computeForecast(
      anInput({
        rates: { JPY: 200 },
        transactions: [aTransaction({ amount: 1, currency: 'JPY', startDate: '2026-03-20' })],
      }),
    );
    expect(leavesOf(result)).toEqual([]);
  });

  it.each([
    { amount: 100_000, rate: 1.083706, expected: 92_276 },
    { amount: -100_000, rate: 1.083706, expected: -92_276 },
    { amount: 5, rate: 2, expected: 3 },
    { amount: -5, rate: 2, expected: -3 },
    { amount: 7, rate: 2, expected: 4 },
  ])(
    'converts $amount at $rate once per item and month, half away from zero: $expected',
    ({ amount, rate, expected }) => {
      const result = computeForecast(
        anInput({
          months: 2,
          rates: { EUR: rate },
          transactions: [aTransaction({ amount, currency: 'EUR', startDate: '2026-03-20' })],
        }),
      );
      expect(amountsOf(result, 'transactions', 1)).toEqual({ '2026-03': expected, '2026-04': expected });
    },
  );

  it('two transactions with the same name are two leaves (docs/forecast.md "Leaves and the tree")', () => {
    const result = computeForecast(
      anInput({
        months: 1,
        transactions: [
          aTransaction({ id: 7, startDate: '2026-03-20' }),
          aTransaction({ id: 3, startDate: '2026-03-20' }),
        ],
      }),
    );
    expect(result.details[0]?.expense[0]?.children.map((leaf) => leaf.relatedId)).toEqual([3, 7]);
    expect(result.months[0]?.expense).toBe(-200_000);
  });

  it('a repeating transaction without a cycle is refused', () => {
    expect(() => computeForecast(anInput({ transactions: [aTransaction({ cycle: null })] }))).toThrow(RangeError);
  });
});
