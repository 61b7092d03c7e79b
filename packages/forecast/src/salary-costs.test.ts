import {
  calculatedCostFields,
  forecastHorizonEnd,
  monthOf,
  salaryFigures,
  thirteenthSalaryPayments,
  upcomingCostPayment,
} from '@saldopilot/shared';
import { describe, expect, it } from 'vitest';
import { computeForecast } from './compute-forecast.js';
import { gaplessStart, lastCostMonth, nextDetailIndex, nextGaplessIndex } from './salary-costs.js';
import { aCost, aSalary, amountsOf, anInput, details } from './test-builders.js';
import type { ForecastSalary, ForecastSalaryCost } from './types.js';

const costForecast = (cost: Partial<ForecastSalaryCost>, salary: Partial<ForecastSalary> = {}, months = 6) =>
  amountsOf(
    computeForecast(anInput({ months, rates: { EUR: 2 }, salaries: [aSalary({ ...salary, costs: [aCost(cost)] })] })),
    'salary_cost_labels',
    cost.labelId === null ? 0 : (cost.labelId ?? 1),
  );

describe('nextDetailIndex (include-previous mode, docs/salary-costs.md "Calculated fields")', () => {
  const months = (...keys: string[]) => keys.map((month) => ({ month, amount: 1, divider: 1, isExtraMonth: false }));
  it.each([
    { keys: [], expected: -1, rule: 'no details: none' },
    { keys: ['2026-02', '2026-03', '2026-04'], expected: 0, rule: 'a past detail before the current one wins' },
    { keys: ['2026-01', '2026-04', '2026-05'], expected: 0, rule: 'the detail just before the first future one' },
    { keys: ['2026-03', '2026-04'], expected: 0, rule: 'the current month when nothing precedes it' },
    { keys: ['2026-05', '2026-06'], expected: 0, rule: 'the first future one when nothing precedes it' },
    { keys: ['2025-10', '2025-11', '2025-12'], expected: 2, rule: 'the last one when all are past' },
    { keys: ['2025-10', '2025-11', '2026-06'], expected: 1, rule: 'the one before a future one' },
  ])('$rule', ({ keys, expected }) => {
    expect(nextDetailIndex(months(...keys), '2026-03')).toBe(expected);
  });

  it('by position on gapless details: the same index as the search', () => {
    const march = 2026 * 12 + 2;
    for (const from of ['2025-10', '2026-01', '2026-03', '2026-04']) {
      for (const count of [1, 2, 3, 6]) {
        const gapless = details(from, count, 1);
        expect(nextGaplessIndex(count, gaplessStart(gapless)!, march), `${from} × ${count}`).toBe(
          nextDetailIndex(gapless, '2026-03'),
        );
      }
    }
  });
});

describe('gaplessStart', () => {
  const months = (...keys: string[]) => keys.map((month) => ({ month, amount: 1, divider: 1, isExtraMonth: false }));
  it.each([
    { keys: [], expected: undefined, rule: 'no details: none' },
    { keys: ['2026-03'], expected: 2026 * 12 + 2, rule: 'one detail' },
    { keys: ['2025-11', '2025-12', '2026-01'], expected: 2025 * 12 + 10, rule: 'every month, over a year end' },
    { keys: ['2026-01', '2026-02', '2026-04'], expected: undefined, rule: 'a month missing' },
    { keys: ['2026-01', '2026-04', '2026-07'], expected: undefined, rule: 'quarterly' },
  ])('$rule', ({ keys, expected }) => {
    expect(gaplessStart(months(...keys))).toBe(expected);
  });
});

describe('lastCostMonth (docs/salary-costs.md "Costs in the forecast")', () => {
  it.each([
    { toDate: '2026-06-30', step: 3, expected: '2026-08' },
    { toDate: '2026-06-01', step: 3, expected: '2026-09' },
    { toDate: '2026-06-15', step: 12, expected: '2027-05' },
  ])('end $toDate, step $step: up to $expected', ({ toDate, step, expected }) => {
    const index = lastCostMonth(toDate, step);
    expect(`${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`).toBe(expected);
  });
  it('without an end: no bound', () => expect(lastCostMonth(null, 3)).toBe(Number.POSITIVE_INFINITY));
});

describe('salary costs in the forecast (docs/salary-costs.md "Costs in the forecast", docs/forecast.md "Exclusions")', () => {
  it.each([
    {
      rule: 'monthly employer cost, next = the past catch-up: from the current month on',
      cost: { details: details('2026-02', 8, 10_000) },
      expected: {
        '2026-03': -10_000,
        '2026-04': -10_000,
        '2026-05': -10_000,
        '2026-06': -10_000,
        '2026-07': -10_000,
        '2026-08': -10_000,
      },
    },
    {
      rule: 'monthly amounts vary per detail (partial first and last payments are exact)',
      cost: {
        details: [
          { month: '2026-03', amount: 5_000, divider: 1, isExtraMonth: true },
          { month: '2026-04', amount: 10_000, divider: 1, isExtraMonth: false },
          { month: '2026-05', amount: 3_000, divider: 1, isExtraMonth: false },
        ],
      },
      expected: { '2026-03': -5_000, '2026-04': -10_000, '2026-05': -3_000 },
    },
    {
      rule: 'monthly with offset 2 walks every 2nd month and stops at the first gap',
      cost: {
        relativeOffset: 2,
        details: [
          ...details('2026-02', 3, 20_000, 2),
          { month: '2026-09', amount: 99, divider: 1, isExtraMonth: false },
        ],
      },
      expected: { '2026-04': -20_000, '2026-06': -20_000 },
    },
    {
      rule: 'gapless monthly with offset 2 from a past catch-up: every 2nd month from it, past ones hidden',
      cost: { relativeOffset: 2, details: details('2025-12', 10, 1_000) },
      // next = February (the detail before March): February (past), April, June, August.
      expected: { '2026-04': -1_000, '2026-06': -1_000, '2026-08': -1_000 },
    },
    {
      rule: 'gapless monthly that ended before the current month: its last payment is past, nothing follows',
      cost: { details: details('2025-06', 3, 1_000) },
      expected: {},
    },
    {
      rule: 'gapless monthly that starts later: from its first payment to its last',
      cost: { details: details('2026-05', 2, 500) },
      expected: { '2026-05': -500, '2026-06': -500 },
    },
    {
      rule: 'monthly with a missing month stops before it',
      cost: { details: [...details('2026-02', 2, 700), ...details('2026-05', 3, 700)] },
      expected: { '2026-03': -700 },
    },
    {
      rule: '`both` counts twice (employee and employer share)',
      cost: { distributionType: 'both' as const, details: details('2026-03', 2, 5_300) },
      expected: { '2026-03': -10_600, '2026-04': -10_600 },
    },
    {
      rule: '`employee` costs are paid by the employer to the insurer too (once)',
      cost: { distributionType: 'employee' as const, details: details('2026-03', 1, 1_200) },
      expected: { '2026-03': -1_200 },
    },
    {
      rule: 'quarterly: the constant next cost every 3 months, past months skipped',
      cost: {
        cycle: 'quarterly' as const,
        details: [...details('2026-01', 1, 7_000), ...details('2026-04', 3, 9_000, 3)],
      },
      // next = January (the detail before April); January + 3 = April, July.
      expected: { '2026-04': -7_000, '2026-07': -7_000 },
    },
    {
      rule: 'quarterly with offset 2 steps 6 months, up to L of the salary end',
      cost: { cycle: 'quarterly' as const, relativeOffset: 2, details: details('2026-03', 3, 4_000, 6) },
      salary: { toDate: '2026-06-30' },
      // L = 2026-06 + 6 − 1 = 2026-11: March and September.
      expected: { '2026-03': -4_000 },
      months: 12,
      also: { '2026-09': -4_000 },
    },
    {
      rule: 'yearly',
      cost: { cycle: 'yearly' as const, details: details('2026-05', 2, 50_000, 12) },
      expected: { '2026-05': -50_000 },
    },
    {
      rule: 'once in a later month counts there (docs/salary-costs.md "Costs in the forecast")',
      cost: { cycle: 'once' as const, details: details('2026-05', 1, 100_000) },
      expected: { '2026-05': -100_000 },
    },
    {
      rule: 'once in the current month counts (its target is today or later)',
      cost: { cycle: 'once' as const, details: details('2026-03', 1, 100_000) },
      expected: { '2026-03': -100_000 },
    },
    {
      rule: 'once in a past month does not',
      cost: { cycle: 'once' as const, details: details('2026-02', 1, 100_000) },
      expected: {},
    },
    { rule: 'no details: nothing', cost: { details: [] }, expected: {} },
    {
      rule: 'converted with the salary currency (101 EUR at 2 → 51 rounded half away)',
      cost: { details: details('2026-03', 1, 101) },
      salary: { currency: 'EUR' },
      expected: { '2026-03': -51 },
    },
    {
      rule: 'costs of a disabled salary do not count',
      cost: { details: details('2026-03', 2, 1_000) },
      salary: { isDisabled: true },
      expected: {},
    },
  ])('$rule', ({ cost, salary, expected, months, also }) => {
    const result = costForecast(cost, salary, months ?? 6);
    expect(result).toEqual({ ...expected, ...also });
  });

  it('costs of one label share a leaf across employees; no label is "<Kein Label>" (id 0)', () => {
    const result = computeForecast(
      anInput({
        months: 1,
        salaries: [
          aSalary({ id: 1, costs: [aCost({ id: 1, details: details('2026-03', 1, 1_000) })] }),
          aSalary({
            id: 2,
            employeeName: 'Beat',
            costs: [
              aCost({ id: 2, details: details('2026-03', 1, 2_000) }),
              aCost({ id: 3, labelId: null, labelName: null, details: details('2026-03', 1, 500) }),
              aCost({
                id: 4,
                labelId: 9,
                labelName: 'BVG',
                distributionType: 'both',
                details: details('2026-03', 1, 700),
              }),
            ],
          }),
        ],
      }),
    );
    expect(result.details[0]?.expense.find((category) => category.name === 'Lohnkosten')).toEqual({
      name: 'Lohnkosten',
      amount: -4_900,
      children: [
        { name: '<Kein Label>', amount: -500, relatedTable: 'salary_cost_labels', relatedId: 0, isExcluded: false },
        { name: 'AHV', amount: -3_000, relatedTable: 'salary_cost_labels', relatedId: 1, isExcluded: false },
        { name: 'BVG', amount: -1_400, relatedTable: 'salary_cost_labels', relatedId: 9, isExcluded: false },
      ],
    });
  });

  it('AN and AG: salary −(G − c − b), costs −c, −r, −2b; total outflow G + r + b', () => {
    const [c, r, b] = [10_000, 20_000, 30_000];
    const result = computeForecast(
      anInput({
        months: 1,
        salaries: [
          aSalary({
            amount: 800_000,
            employeeDeductions: c + b,
            costs: [
              aCost({
                id: 1,
                labelId: 1,
                labelName: 'NBU',
                distributionType: 'employee',
                details: details('2026-03', 1, c),
              }),
              aCost({
                id: 2,
                labelId: 2,
                labelName: 'FAK',
                distributionType: 'employer',
                details: details('2026-03', 1, r),
              }),
              aCost({
                id: 3,
                labelId: 3,
                labelName: 'AHV',
                distributionType: 'both',
                details: details('2026-03', 1, b),
              }),
            ],
          }),
        ],
      }),
    );
    expect(amountsOf(result, 'salaries', 1)).toEqual({ '2026-03': -(800_000 - c - b) });
    expect(result.months[0]?.expense).toBe(-(800_000 + r + b));
  });
});

// docs/salary-costs.md "Calculated fields"
describe('the cost card and the forecast agree', () => {
  // Synthetic: the salary of the issue's report, 6'200.00 a month from 2026-01-01 with a 13th
  // salary in December, the AHV (both, 5.3 %) and FAK (employer, 1.025 %) presets, today 2026-11-21.
  const today = '2026-11-21';
  const salary = {
    id: 1,
    amount: 620_000,
    cycle: 'monthly' as const,
    fromDate: '2026-01-01',
    toDate: null,
    isDisabled: false,
    isTermination: false,
    hasThirteenthSalary: true,
    birthDate: null,
  };
  const ahv = { id: 1, amountType: 'percentage' as const, amount: 5300, distributionType: 'both' as const };
  const fak = { id: 2, amountType: 'percentage' as const, amount: 1025, distributionType: 'employer' as const };
  const costs = [ahv, fak].map((cost) => ({
    ...cost,
    baseSalaryCostIDs: [],
    cycle: 'monthly' as const,
    relativeOffset: 1,
    targetDate: null,
  }));
  const extras = thirteenthSalaryPayments(
    [{ ...salary, thirteenthSalaryMonth: 12 }],
    '2026-11',
    monthOf(forecastHorizonEnd(today)),
  );
  const figures = salaryFigures(salary, costs, extras, today, forecastHorizonEnd(today));
  const forecast = computeForecast(
    anInput({
      today,
      months: 4,
      salaries: [
        aSalary({
          amount: salary.amount,
          fromDate: salary.fromDate,
          costs: costs.map((cost, i) => ({
            ...aCost({ id: cost.id, labelId: cost.id, labelName: cost.id === 1 ? 'AHV/IV/EO' : 'FAK' }),
            distributionType: cost.distributionType,
            details: figures.costs[i]!.schedule,
          })),
        }),
      ],
    }),
  );

  it('the next payment is December (the steps of November, paid in arrears), as the forecast pays it', () => {
    const ahvNext = upcomingCostPayment(figures.costs[0]!.schedule, today);
    expect(ahvNext).toEqual({ month: '2026-12', amount: 32_860, perStep: 32_860 });
    // Each side pays 328.60; the forecast row holds both sides.
    expect(amountsOf(forecast, 'salary_cost_labels', 1)['2026-12']).toBe(-2 * ahvNext!.amount);
    // January pays December's step, which holds the 13th salary: 5.3 % of 12'400.00 per side.
    expect(amountsOf(forecast, 'salary_cost_labels', 1)['2027-01']).toBe(-2 * 65_720);
    // What the card showed before: the skip-previous fields pass over December's catch-up payment
    // and name January with the 13th salary's share ("Monatlich: 5.300 % (657.20 CHF)", "Gesamt:
    // 1'314.40 CHF im Januar 2027").
    expect(calculatedCostFields(figures.costs[0]!.schedule, today, 'skip-previous')).toMatchObject({
      calculatedAmount: 65_720,
      calculatedNextExecutionDate: '2027-01-01',
    });
  });

  it("FAK is borne by the employer alone: 1.025 % of 6'200.00 = 63.55, never doubled", () => {
    const fakNext = upcomingCostPayment(figures.costs[1]!.schedule, today);
    expect(fakNext).toEqual({ month: '2026-12', amount: 6355, perStep: 6355 });
    expect(amountsOf(forecast, 'salary_cost_labels', 2)['2026-12']).toBe(-6355);
    // The payment for December's step (13th salary included): 1.025 % of 12'400.00, one side.
    expect(amountsOf(forecast, 'salary_cost_labels', 2)['2027-01']).toBe(-12_710);
  });

  it('no payment in the current month or later: none', () => {
    expect(upcomingCostPayment(details('2026-01', 3, 100), today)).toBeNull();
  });
});
