import { describe, expect, it } from 'vitest';
import { computeForecast } from './compute-forecast.js';
import { aSalary, amountsOf, anInput, leavesOf } from './test-builders.js';
import type { ForecastInput, ForecastSalary } from './types.js';

const forecast = (salary: Partial<ForecastSalary>, extra = {}) =>
  amountsOf(computeForecast(anInput({ months: 4, salaries: [aSalary(salary)], ...extra })), 'salaries', 1);

describe('salaries in the forecast (docs/forecast.md, docs/salary-rules.md)', () => {
  it.each([
    {
      rule: 'monthly on the 25th from today on',
      salary: {},
      expected: { '2026-03': -800_000, '2026-04': -800_000, '2026-05': -800_000, '2026-06': -800_000 },
    },
    {
      rule: 'net = gross − employee deductions',
      salary: { employeeDeductions: 85_000 },
      expected: { '2026-03': -715_000, '2026-04': -715_000, '2026-05': -715_000, '2026-06': -715_000 },
    },
    {
      rule: 'deductions above the gross are signed arithmetic (a positive leaf)',
      salary: { amount: 1_000, employeeDeductions: 1_500 },
      expected: { '2026-03': 500, '2026-04': 500, '2026-05': 500, '2026-06': 500 },
    },
    {
      rule: 'a payment day before today is skipped',
      salary: { fromDate: '2026-01-10' },
      expected: { '2026-04': -800_000, '2026-05': -800_000, '2026-06': -800_000 },
    },
    {
      rule: 'the timeline end stops the payments (capped end on the last payment)',
      salary: { fromDate: '2026-01-31', toDate: '2026-04-30' },
      expected: { '2026-03': -800_000, '2026-04': -800_000 },
    },
    {
      rule: 'an end before the next payment day stops earlier',
      salary: { fromDate: '2026-01-31', toDate: '2026-04-29' },
      expected: { '2026-03': -800_000 },
    },
    {
      rule: 'a future start',
      salary: { fromDate: '2026-05-01' },
      expected: { '2026-05': -800_000, '2026-06': -800_000 },
    },
    {
      rule: 'quarterly salary',
      salary: { fromDate: '2026-01-25', cycle: 'quarterly' as const },
      expected: { '2026-04': -800_000 },
    },
    { rule: 'disabled contributes nothing', salary: { isDisabled: true }, expected: {} },
    { rule: 'a termination contributes nothing', salary: { isTermination: true, amount: 0 }, expected: {} },
    {
      rule: 'converted from the salary currency (8000.00 EUR / 1.083706)',
      salary: { currency: 'EUR' },
      expected: { '2026-03': -738_208, '2026-04': -738_208, '2026-05': -738_208, '2026-06': -738_208 },
    },
  ])('$rule', ({ salary, expected }) => {
    expect(forecast(salary, { rates: { EUR: 1.083706 } })).toEqual(expected);
  });

  it('is the leaf "<employee>" under "Löhne", one per employee, naming the salary and the employee', () => {
    const result = computeForecast(
      anInput({
        months: 1,
        salaries: [
          aSalary({ id: 2, employeeId: 20, employeeName: 'Zoë Beispiel' }),
          aSalary({ id: 1, employeeId: 10, employeeName: 'Ärni Muster', fromDate: '2026-02-20' }),
        ],
      }),
    );
    expect(result.details[0]?.expense).toEqual([
      {
        name: 'Löhne',
        amount: -1_600_000,
        children: [
          {
            name: 'Ärni Muster',
            amount: -800_000,
            relatedTable: 'salaries',
            relatedId: 1,
            isExcluded: false,
            employeeId: 10,
          },
          {
            name: 'Zoë Beispiel',
            amount: -800_000,
            relatedTable: 'salaries',
            relatedId: 2,
            isExcluded: false,
            employeeId: 20,
          },
        ],
      },
    ]);
  });
});

describe('one leaf per employee across a raise, a termination and a rehire (docs/forecast.md)', () => {
  // Anna (employee 7): 8,000.00 paid on the 25th until April, raised to 9,000.00 paid on the 1st from
  // May, terminated from July, rehired at 7,000.00 from September (the end dates as the timeline
  // writes them: the day before the next row). Beat (employee 8) beside her. Today is 2026-03-17.
  const anna = [
    aSalary({ id: 11, employeeId: 7, fromDate: '2026-01-25', toDate: '2026-04-30' }),
    aSalary({ id: 12, employeeId: 7, amount: 900_000, fromDate: '2026-05-01', toDate: '2026-06-30' }),
    aSalary({ id: 13, employeeId: 7, amount: 0, isTermination: true, fromDate: '2026-07-01', toDate: '2026-08-31' }),
    aSalary({ id: 14, employeeId: 7, amount: 700_000, fromDate: '2026-09-01' }),
  ];
  const beat = aSalary({ id: 20, employeeId: 8, employeeName: 'Beat Beispiel', amount: 500_000 });
  const run = (exclusions: ForecastInput['exclusions'] = [], salaries = [...anna].reverse()) =>
    computeForecast(anInput({ months: 8, salaries: [beat, ...salaries], exclusions }));
  const annasLeaves = (result: ReturnType<typeof computeForecast>) =>
    leavesOf(result).filter((leaf) => leaf.name === 'Anna Muster');

  it('shows her months side by side in one leaf, each naming the salary that paid in it', () => {
    const result = run();
    // Every month's "Löhne" holds Anna at most once, and Beat.
    for (const month of result.details) {
      const names = month.expense.flatMap((category) => category.children.map((leaf) => leaf.name));
      expect(names.filter((name) => name === 'Anna Muster').length).toBeLessThanOrEqual(1);
      expect(names).toContain('Beat Beispiel');
    }
    expect(
      annasLeaves(result).map(({ month, amount, relatedId, employeeId }) => [month, amount, relatedId, employeeId]),
    ).toEqual([
      ['2026-03', -800_000, 11, 7],
      ['2026-04', -800_000, 11, 7],
      ['2026-05', -900_000, 12, 7],
      ['2026-06', -900_000, 12, 7],
      // July and August: terminated, no leaf.
      ['2026-09', -700_000, 14, 7],
      ['2026-10', -700_000, 14, 7],
    ]);
  });

  it("keeps exclusions per (salary, month): the month's paying salary is the one excluded", () => {
    const result = run([
      { relatedTable: 'salaries', relatedId: 12, month: '2026-05' },
      // Salary 11 paid nothing in June (12 did): no effect.
      { relatedTable: 'salaries', relatedId: 11, month: '2026-06' },
      { relatedTable: 'salaries', relatedId: 14, month: '2026-10' },
    ]);
    expect(
      annasLeaves(result).map(({ month, amount, relatedId, isExcluded }) => [month, amount, relatedId, isExcluded]),
    ).toEqual([
      ['2026-03', -800_000, 11, false],
      ['2026-04', -800_000, 11, false],
      ['2026-05', 0, 12, true],
      ['2026-06', -900_000, 12, false],
      ['2026-09', -700_000, 14, false],
      ['2026-10', 0, 14, true],
    ]);
    // Beat 5,000.00 every month; Anna's May (9,000.00) and October (7,000.00) left out of the totals.
    expect(result.months.map((month) => month.expense)).toEqual([
      -1_300_000, -1_300_000, -500_000, -1_400_000, -500_000, -500_000, -1_200_000, -500_000,
    ]);
  });

  it('gives a month paid by another salary its own leaf object, also at the same amount', () => {
    const sameAmount = [
      aSalary({ id: 11, employeeId: 7, fromDate: '2026-01-25', toDate: '2026-04-30' }),
      aSalary({ id: 12, employeeId: 7, fromDate: '2026-05-25' }),
    ];
    const leaves = run([], sameAmount).details.map((month) =>
      month.expense[0]?.children.find((leaf) => leaf.name === 'Anna Muster'),
    );
    expect(leaves.map((leaf) => leaf?.relatedId)).toEqual([11, 11, 12, 12, 12, 12, 12, 12]);
    expect(leaves[1]).toBe(leaves[0]); // equal months share one object (tree.ts)
    expect(leaves[2]).not.toBe(leaves[1]);
    expect(leaves[3]).toBe(leaves[2]);
  });

  it('adds up two salaries paying in one month (end dates overlapping by hand); the cell names the later one', () => {
    const overlapping = [
      aSalary({ id: 12, employeeId: 7, amount: 900_000, fromDate: '2026-05-01' }),
      // Started earlier, its end set by hand past the raise: it pays on 25 May too.
      aSalary({ id: 11, employeeId: 7, fromDate: '2026-01-25', toDate: '2026-05-31' }),
    ];
    const months = (exclusions: ForecastInput['exclusions']) =>
      annasLeaves(run(exclusions, overlapping)).map(({ month, amount, relatedId }) => [month, amount, relatedId]);
    // May: 8,000.00 + 9,000.00 = 17,000.00 in the one cell, named after salary 12 (the later start).
    expect(months([]).slice(1, 4)).toEqual([
      ['2026-04', -800_000, 11],
      ['2026-05', -1_700_000, 12],
      ['2026-06', -900_000, 12],
    ]);
    // Excluding the cell's salary excludes the cell; the other salary's exclusion there has no effect.
    expect(months([{ relatedTable: 'salaries', relatedId: 12, month: '2026-05' }])[2]).toEqual(['2026-05', 0, 12]);
    expect(months([{ relatedTable: 'salaries', relatedId: 11, month: '2026-05' }])[2]).toEqual([
      '2026-05',
      -1_700_000,
      12,
    ]);
  });
});

describe('net adjustments: the months whose net payment differs (docs/salary-rules.md)', () => {
  it("adds a month's adjustment to the net and marks the month that pays a 13th salary", () => {
    const result = computeForecast(
      anInput({
        months: 4,
        salaries: [
          aSalary({
            employeeDeductions: 50_000,
            netAdjustments: [
              { month: '2026-04', amount: 752_500, thirteenthSalary: true }, // 8'000.00 − 475.00 on it
              { month: '2026-05', amount: -1_000 }, // a new age band's higher deduction
            ],
          }),
        ],
      }),
    );
    const leaves = leavesOf(result).filter((leaf) => leaf.relatedTable === 'salaries');
    expect(leaves.map(({ month, amount, thirteenthSalary }) => [month, amount, thirteenthSalary ?? false])).toEqual([
      ['2026-03', -750_000, false],
      ['2026-04', -1_502_500, true],
      ['2026-05', -749_000, false],
      ['2026-06', -750_000, false],
    ]);
  });
});
