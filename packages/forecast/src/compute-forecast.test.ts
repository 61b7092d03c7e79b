import { describe, expect, it } from 'vitest';
import { AMOUNT_MAX_CENTS, AmountOverflowError } from '@saldopilot/shared';
import { computeForecast } from './compute-forecast.js';
import { applyPerformance } from './performance.js';
import { aCost, aSalary, aTransaction, amountsOf, anInput, details, leavesOf } from './test-builders.js';

describe('start balance and saldo (docs/forecast.md "Start balance and saldo")', () => {
  it('sums all accounts, each converted and rounded on its own; saldo runs from it', () => {
    const result = computeForecast(
      anInput({
        months: 3,
        rates: { EUR: 2 },
        bankAccounts: [
          { amount: 1_000_000, currency: 'CHF' },
          { amount: 3, currency: 'EUR' },
          { amount: 3, currency: 'EUR' },
        ],
        transactions: [aTransaction({ startDate: '2026-03-20' })],
      }),
    );
    // 1.5 → 2 per account (half away from zero), not round(3) of the sum.
    expect(result.startBalance).toBe(1_000_004);
    expect(result.months.map((month) => month.saldo)).toEqual([900_004, 800_004, 700_004]);
  });
});

describe('missing rates (docs/forecast.md "Conversion")', () => {
  it('convert 1:1 and are listed, sorted, once; the organisation currency never is', () => {
    const result = computeForecast(
      anInput({
        months: 1,
        rates: { EUR: 1.1 },
        bankAccounts: [
          { amount: 500, currency: 'USD' },
          { amount: 100, currency: 'CHF' },
        ],
        transactions: [
          aTransaction({ id: 1, currency: 'GBP', startDate: '2026-03-20' }),
          aTransaction({ id: 2, currency: 'USD', startDate: '2026-03-20' }),
          aTransaction({ id: 3, currency: 'EUR', startDate: '2026-03-20' }),
        ],
      }),
    );
    expect(result.missingRates).toEqual(['GBP', 'USD']);
    expect(result.startBalance).toBe(600);
    expect(amountsOf(result, 'transactions', 1)).toEqual({ '2026-03': -100_000 });
  });
});

describe('performance (docs/forecast.md "Performance")', () => {
  it.each([
    { amount: 100_001, percent: 50, expected: 50_001 },
    { amount: 3, percent: 50, expected: 2 },
    { amount: -3, percent: 50, expected: -2 },
    { amount: 1, percent: 150, expected: 2 },
    { amount: 101, percent: 199, expected: 201 },
    { amount: 999, percent: 0, expected: 0 },
    { amount: 99_999_999_999_999, percent: 200, expected: 199_999_999_999_998 },
    { amount: 99_999_999_999_999, percent: 101, expected: 100_999_999_999_999 },
  ])('$amount × $percent % = $expected', ({ amount, percent, expected }) => {
    expect(applyPerformance(amount, percent)).toBe(expected);
  });

  it('scales revenue leaves per leaf and month, not expenses; totals are sums of the leaves', () => {
    const result = computeForecast(
      anInput({
        months: 1,
        performance: 50,
        transactions: [
          aTransaction({ id: 1, name: 'A', amount: 3, startDate: '2026-03-20' }),
          aTransaction({ id: 2, name: 'B', amount: 3, startDate: '2026-03-20' }),
          aTransaction({ id: 3, name: 'C', amount: -3, startDate: '2026-03-20' }),
        ],
      }),
    );
    // 1.5 → 2 per leaf: the total is 4, not round(3).
    expect(result.months[0]).toEqual({ month: '2026-03', revenue: 4, expense: -3, cashflow: 1, saldo: 1 });
  });

  it.each([-1, 201, 50.5, Number.NaN])('refuses performance %s', (performance) => {
    expect(() => computeForecast(anInput({ performance }))).toThrow(RangeError);
  });
});

describe('exclusions (docs/forecast.md "Exclusions")', () => {
  const input = anInput({
    months: 2,
    transactions: [
      aTransaction({ id: 5, name: 'Kunde', amount: 50_000, categoryName: 'Projekte', startDate: '2026-03-20' }),
    ],
    salaries: [
      aSalary({
        id: 8,
        costs: [
          aCost({ id: 1, labelId: 3, labelName: 'AHV', details: details('2026-03', 2, 1_000) }),
          aCost({ id: 2, labelId: null, labelName: null, details: details('2026-03', 2, 700) }),
        ],
      }),
      aSalary({
        id: 9,
        employeeName: 'Beat',
        costs: [aCost({ id: 3, labelId: 3, labelName: 'AHV', details: details('2026-03', 2, 2_000) })],
      }),
    ],
    exclusions: [
      { relatedTable: 'transactions', relatedId: 5, month: '2026-04' },
      { relatedTable: 'salaries', relatedId: 8, month: '2026-03' },
      { relatedTable: 'salary_cost_labels', relatedId: 3, month: '2026-03' },
      { relatedTable: 'salary_cost_labels', relatedId: 0, month: '2026-04' },
      { relatedTable: 'transactions', relatedId: 5, month: '2027-01' },
      { relatedTable: 'transactions', relatedId: 404, month: '2026-03' },
    ],
  });
  const result = computeForecast(input);

  it.each([
    { table: 'transactions' as const, id: 5, expected: { '2026-03': 50_000, '2026-04': 0 } },
    { table: 'salaries' as const, id: 8, expected: { '2026-03': 0, '2026-04': -800_000 } },
    { table: 'salaries' as const, id: 9, expected: { '2026-03': -800_000, '2026-04': -800_000 } },
    { table: 'salary_cost_labels' as const, id: 3, expected: { '2026-03': 0, '2026-04': -3_000 } },
    { table: 'salary_cost_labels' as const, id: 0, expected: { '2026-03': -700, '2026-04': 0 } },
  ])('$table $id', ({ table, id, expected }) => {
    expect(amountsOf(result, table, id)).toEqual(expected);
  });

  it('excluded leaves stay with amount 0 and isExcluded on their side; totals leave them out', () => {
    const excluded = leavesOf(result).filter((leaf) => leaf.isExcluded);
    expect(
      excluded.map(({ month, side, relatedTable, relatedId }) => ({ month, side, relatedTable, relatedId })),
    ).toEqual([
      { month: '2026-03', side: 'expense', relatedTable: 'salaries', relatedId: 8 },
      { month: '2026-03', side: 'expense', relatedTable: 'salary_cost_labels', relatedId: 3 },
      { month: '2026-04', side: 'revenue', relatedTable: 'transactions', relatedId: 5 },
      { month: '2026-04', side: 'expense', relatedTable: 'salary_cost_labels', relatedId: 0 },
    ]);
    expect(excluded.every((leaf) => leaf.amount === 0)).toBe(true);
    expect(result.months).toEqual([
      { month: '2026-03', revenue: 50_000, expense: -800_700, cashflow: -750_700, saldo: -750_700 },
      { month: '2026-04', revenue: 0, expense: -1_603_000, cashflow: -1_603_000, saldo: -2_353_700 },
    ]);
  });
});

describe('details tree (docs/forecast.md "Leaves and the tree")', () => {
  it('sorts categories and leaves with German collation (umlauts beside their letter, case-insensitive)', () => {
    const names = ['zins', 'Äpfel', 'Zahlung', 'apfel', 'Übersetzung', 'Uhr', 'Öl', 'Ofen', '10 Kunden', '2 Kunden'];
    const result = computeForecast(
      anInput({
        months: 1,
        transactions: names.map((name, i) =>
          aTransaction({ id: i + 1, name, categoryName: i % 2 ? 'Übriges' : 'Miete', startDate: '2026-03-20' }),
        ),
        salaries: [aSalary()],
      }),
    );
    const expense = result.details[0]?.expense ?? [];
    expect(expense.map((category) => category.name)).toEqual(['Löhne', 'Miete', 'Übriges']);
    expect(expense[1]?.children.map((leaf) => leaf.name)).toEqual([
      '10 Kunden',
      'Öl',
      'Übersetzung',
      'Zahlung',
      'zins',
    ]);
    expect(expense[2]?.children.map((leaf) => leaf.name)).toEqual(['2 Kunden', 'apfel', 'Äpfel', 'Ofen', 'Uhr']);
    const collator = new Intl.Collator('de-CH');
    for (const category of expense) {
      const leafNames = category.children.map((leaf) => leaf.name);
      expect(leafNames).toEqual([...leafNames].sort(collator.compare));
    }
  });
});

describe('runway', () => {
  it('comes with the forecast', () => {
    const result = computeForecast(
      anInput({
        months: 3,
        minimumBalance: 150_000,
        bankAccounts: [{ amount: 400_000, currency: 'CHF' }],
        transactions: [aTransaction({ startDate: '2026-03-20' })],
      }),
    );
    expect(result.runway).toEqual({
      minimumBalance: 150_000,
      coveredUntil: '2026-04',
      lowest: { month: '2026-05', saldo: 100_000 },
    });
  });
});

describe('months (docs/forecast.md "Months")', () => {
  it('answers every requested month up to 60, with zeros where nothing happens', () => {
    const result = computeForecast(anInput({ months: 60, bankAccounts: [{ amount: 1, currency: 'CHF' }] }));
    expect(result.months).toHaveLength(60);
    expect(result.months[59]).toEqual({ month: '2031-02', revenue: 0, expense: 0, cashflow: 0, saldo: 1 });
    expect(result.details[59]).toEqual({ month: '2031-02', revenue: [], expense: [] });
  });

  it('refuses totals beyond exact integers instead of rounding them (AmountOverflowError)', () => {
    const largest = AMOUNT_MAX_CENTS;
    // 91 of the largest monthly revenues pass 2^53 Rappen in one month; 90 stay exact in a month,
    // but their end balance passes it in the second.
    const revenues = (count: number) =>
      Array.from({ length: count }, (_, index) => aTransaction({ id: index + 1, amount: largest }));
    expect(() => computeForecast(anInput({ months: 1, transactions: revenues(91) }))).toThrow(AmountOverflowError);
    expect(computeForecast(anInput({ months: 1, transactions: revenues(90) })).months[0]?.saldo).toBe(90 * largest);
    expect(() => computeForecast(anInput({ months: 2, transactions: revenues(90) }))).toThrow(AmountOverflowError);
    const accounts = Array.from({ length: 91 }, () => ({ amount: largest, currency: 'CHF' }));
    expect(() => computeForecast(anInput({ bankAccounts: accounts }))).toThrow(AmountOverflowError);
  });

  it.each([0, 61, 1.5])('refuses %s months', (months) => {
    expect(() => computeForecast(anInput({ months }))).toThrow(RangeError);
  });
});
