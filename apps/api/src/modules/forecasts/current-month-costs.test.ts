import type { ForecastSalary, ForecastSalaryCost } from '@saldopilot/forecast';
import { describe, expect, it } from 'vitest';
import { createCurrentMonthCosts } from './current-month-costs.js';

// docs/salary-costs.md "Costs in the forecast": this month's payment of a monthly cost comes from the past figures.
const cost = (id: number, months: string[]): ForecastSalaryCost => ({
  id,
  labelId: 1,
  labelName: 'AHV/IV/EO',
  cycle: 'monthly',
  distributionType: 'both',
  relativeOffset: 1,
  details: months.map((month) => ({ month, amount: 500, divider: 1, isExtraMonth: false })),
});

const salary = (id: number, costs: ForecastSalaryCost[]): ForecastSalary => ({
  id,
  employeeId: id,
  employeeName: `Mitarbeitende ${id}`,
  amount: 600_000,
  employeeDeductions: 0,
  currency: 'CHF',
  cycle: 'monthly',
  fromDate: '2026-01-01',
  toDate: null,
  isDisabled: false,
  isTermination: false,
  costs,
});

describe('current month costs', () => {
  const salaries = [salary(1, [cost(11, ['2026-04', '2026-05'])]), salary(2, [cost(21, ['2026-04'])])];
  const past = [salary(1, [cost(11, ['2026-02', '2026-03'])]), salary(2, [cost(21, ['2026-03'])])];

  it("takes this month's payment from the past figures of the salary itself, in whatever order they come", () => {
    const inOrder = createCurrentMonthCosts()(salaries, past, '2026-03');
    const reversed = createCurrentMonthCosts()(salaries, [...past].reverse(), '2026-03');
    const missingOne = createCurrentMonthCosts()(salaries, [past[1] as ForecastSalary], '2026-03');
    expect(inOrder.map((one) => one.costs.map((each) => each.details.map((payment) => payment.month)))).toEqual([
      [['2026-03', '2026-04', '2026-05']],
      [['2026-03', '2026-04']],
    ]);
    expect(reversed).toEqual(inOrder);
    // A salary without past figures keeps its costs as they are.
    expect(missingOne[0]).toBe(salaries[0]);
    expect(missingOne[1]).toEqual(inOrder[1]);
  });

  it('keeps a salary the same object while it and its past figures are', () => {
    const currentMonthCosts = createCurrentMonthCosts();
    const first = currentMonthCosts(salaries, past, '2026-03');
    const again = currentMonthCosts(salaries, past, '2026-03');
    expect(again[0]).toBe(first[0]);
    expect(again[1]).toBe(first[1]);
    const otherPast = [past[0] as ForecastSalary, salary(2, [cost(21, ['2026-03'])])];
    const moved = currentMonthCosts(salaries, otherPast, '2026-03');
    expect(moved[0]).toBe(first[0]);
    expect(moved[1]).not.toBe(first[1]);
  });
});
