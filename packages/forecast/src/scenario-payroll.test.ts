import { describe, expect, it } from 'vitest';
import {
  employeeSalaryFigures,
  forecastHorizonEnd,
  type EmployeeSalaryRow,
  type LeverInput,
  type SalaryCostRow,
} from '@saldopilot/shared';
import { computeForecast } from './compute-forecast.js';
import { applyLevers, type LeverContext } from './scenario-levers.js';
import type { EmployeeTimeline } from './scenario-payroll.js';
import { amountsOf, anInput, leavesOf } from './test-builders.js';
import type { ForecastResult, ForecastSalary } from './types.js';

// docs/scenarios.md "Raise" and "Leave": a lever changes the timeline as the employees area would, and
// the figures come from the same rules. Every vector is computed by hand in the comments.

const TODAY = '2026-11-21';
const LABELS: Record<number, string> = { 1: 'AHV/IV/EO', 2: 'ALV', 3: 'Pauschale', 4: 'BVG' };

function row(overrides: Partial<EmployeeSalaryRow>): EmployeeSalaryRow {
  return {
    id: 1,
    employeeId: 1,
    birthDate: '1990-06-01',
    amount: 800_000,
    cycle: 'monthly',
    fromDate: '2026-01-01',
    toDate: null,
    isDisabled: false,
    isTermination: false,
    hasThirteenthSalary: false,
    thirteenthSalaryMonth: 12,
    ...overrides,
  };
}

function cost(id: number, salaryId: number, overrides: Partial<SalaryCostRow>): SalaryCostRow {
  return {
    id,
    salaryId,
    amountType: 'percentage',
    amount: 5_300,
    distributionType: 'both',
    baseSalaryCostIDs: [],
    cycle: 'monthly',
    relativeOffset: 1,
    targetDate: null,
    ...overrides,
  };
}

/** The forecast salaries of a timeline as the API loads them: the stored figures of today, labels by cost. */
function forecastSalaries(timeline: EmployeeTimeline, labelOf: (costId: number) => number): ForecastSalary[] {
  const figures = employeeSalaryFigures(timeline.salaries, timeline.costs, TODAY, forecastHorizonEnd(TODAY));
  return timeline.salaries.map((salary) => {
    const result = figures.get(salary.id);
    return {
      id: salary.id,
      employeeId: salary.employeeId,
      employeeName: 'Anna Muster',
      amount: salary.amount,
      employeeDeductions: result?.deductions.employeeDeductions ?? 0,
      netAdjustments: result?.netAdjustments ?? [],
      currency: 'CHF',
      cycle: salary.cycle,
      fromDate: salary.fromDate,
      toDate: salary.toDate,
      isDisabled: salary.isDisabled,
      isTermination: salary.isTermination,
      costs: (result?.costs ?? []).map((figure) => {
        const definition = timeline.costs.find((candidate) => candidate.id === figure.id) as SalaryCostRow;
        const labelId = labelOf(figure.id);
        return {
          id: figure.id,
          labelId,
          labelName: LABELS[labelId] ?? null,
          cycle: definition.cycle,
          distributionType: definition.distributionType,
          relativeOffset: definition.relativeOffset,
          details: figure.schedule,
        };
      }),
    };
  });
}

function scenario(levers: LeverInput[], timeline: EmployeeTimeline, labelOf: (costId: number) => number, months = 8) {
  const context: LeverContext = {
    categoryNames: new Map(),
    currencyCodes: new Map([[1, 'CHF']]),
    vatBasisPoints: new Map(),
    employees: new Map([[1, timeline]]),
  };
  const input = anInput({ today: TODAY, months, salaries: forecastSalaries(timeline, labelOf) });
  return computeForecast(
    applyLevers(
      input,
      levers.map((lever, index) => ({ id: index + 1, lever, targetDeleted: false })),
      context,
    ),
  );
}

/** Per month: the employee's payment and each label's cost (a raise's rows have other ids, the same leaves). */
function paymentsOf(result: ForecastResult) {
  const byLeaf: Record<string, Record<string, number>> = {};
  for (const leaf of leavesOf(result)) {
    const key =
      leaf.relatedTable === 'salaries' ? `employee ${leaf.employeeId}` : `${leaf.relatedTable} ${leaf.relatedId}`;
    (byLeaf[key] ??= {})[leaf.month] = leaf.amount;
  }
  return byLeaf;
}

describe('raise (docs/scenarios.md "Raise")', () => {
  // 8'000.00 a month with a 13th salary from 2026-01-01, born 1990: AHV 5.3 % (both), ALV 1.1 % (both),
  // a fixed 200.00 (employer) and BVG by age (both).
  const base: EmployeeTimeline = {
    salaries: [row({ hasThirteenthSalary: true })],
    costs: [
      cost(11, 1, {}),
      cost(12, 1, { amount: 1_100 }),
      cost(13, 1, { amountType: 'fixed', amount: 20_000, distributionType: 'employer' }),
      cost(14, 1, { amountType: 'bvgMinimum', amount: 0 }),
    ],
  };
  const labelOf = (costId: number) => (costId % 10) as number;
  const raise: LeverInput = { type: 'raise', from: '2027-01-01', employeeId: 1, percent: 10 };

  it('gives the forecast of the same raise entered as a new salary row with the costs copied', () => {
    // What the employees area stores for it: a row from 01.01.2027 at 8'800.00 with copies of the costs,
    // the earlier row ended at its last payment before (01.12.2026, capEnd).
    const real: EmployeeTimeline = {
      salaries: [
        row({ hasThirteenthSalary: true, toDate: '2026-12-01' }),
        row({ id: 2, hasThirteenthSalary: true, amount: 880_000, fromDate: '2027-01-01' }),
      ],
      costs: [...base.costs, ...base.costs.map((entry) => ({ ...entry, id: entry.id + 10, salaryId: 2 }))],
    };
    const lever = scenario([raise], base, labelOf, 14);
    const entered = scenario([], real, labelOf, 14);
    expect(paymentsOf(lever)).toEqual(paymentsOf(entered));
    expect(lever.months).toEqual(entered.months);
  });

  it('keeps a fixed cost fixed and BVG at the highest coordinated salary; percentages follow the raise', () => {
    const result = paymentsOf(scenario([raise], base, labelOf));
    // February 2027 pays January's step on 8'800.00: AHV 466.40 × 2, ALV 96.80 × 2; the fixed 200.00 stays
    // (a ratio would have made it 220.00). BVG: 8'800.00 × 13 = 114'400 − 26'460 = 87'940, above the
    // highest coordinated salary 64'260 as 8'000.00 × 13 was: 64'260 × 10 % (age 37) / 12 / 2 = 267.75
    // per side, unchanged (a ratio would have made it 294.52).
    expect(result['salary_cost_labels 1']?.['2027-02']).toBe(-93_280);
    expect(result['salary_cost_labels 2']?.['2027-02']).toBe(-19_360);
    expect(result['salary_cost_labels 3']?.['2027-02']).toBe(-20_000);
    expect(result['salary_cost_labels 4']?.['2027-02']).toBe(-53_550);
    // The net salary: 8'800.00 − 466.40 − 96.80 − 267.75 = 7'969.05.
    expect(result['employee 1']?.['2027-01']).toBe(-796_905);
  });

  it('caps ALV at the insured ceiling once the raised salary is above it, as the presets store it', () => {
    // 12'000.00 × 12 = 144'000 (below CHF 148'200): ALV 1.1 % = 132.00 per side. +10 % = 13'200.00, ×12 =
    // 158'400 above it: ALV becomes the fixed rate on the ceiling's month, floor(12'350.00 × 1.1 %) = 135.85.
    const high: EmployeeTimeline = {
      salaries: [row({ amount: 1_200_000 })],
      costs: [cost(12, 1, { amount: 1_100 })],
    };
    const result = amountsOf(
      scenario([raise], high, () => 2),
      'salary_cost_labels',
      2,
    );
    expect(result['2027-01']).toBe(-26_400);
    expect(result['2027-02']).toBe(-27_170);
  });
});

describe('leave (docs/scenarios.md "Leave")', () => {
  // 6'000.00 a month with a 13th salary from 2026-01-01, AHV 5.3 % (both); the exit on 01.04.2027.
  const timeline: EmployeeTimeline = {
    salaries: [row({ amount: 600_000, hasThirteenthSalary: true })],
    costs: [cost(11, 1, {})],
  };
  const leave: LeverInput = { type: 'leave', employeeId: 1, date: '2027-04-01' };

  it('ends the salary with its last payment, pays the 13th pro rata with it, and its costs end with it', () => {
    const result = paymentsOf(scenario([leave], timeline, () => 1));
    // Net 6'000.00 − 318.00 = 5'682.00. December 2026 adds the 13th salary 6'000.00 less AHV on it
    // (636.00 − 318.00 = 318.00): 5'682.00 + 5'682.00 = 11'364.00. The last payment is 01.03.2027; the
    // 13th salary of 2027 is 3 × 6'000.00 / 12 = 1'500.00, paid with it since no salary pays in December:
    // AHV floor(7'500.00 × 5.3 %) = 397.50 − 318.00 = 79.50 on it → 5'682.00 + 1'420.50 = 7'102.50.
    expect(result['employee 1']).toEqual({
      '2026-12': -1_136_400,
      '2027-01': -568_200,
      '2027-02': -568_200,
      '2027-03': -710_250,
    });
    // AHV a month in arrears, both sides: December pays November (318.00 × 2), January December's step with
    // the 13th salary (636.00 × 2), February and March 636.00, April March's step with the 13th (397.50 × 2);
    // nothing after.
    expect(result['salary_cost_labels 1']).toEqual({
      '2026-12': -63_600,
      '2027-01': -127_200,
      '2027-02': -63_600,
      '2027-03': -63_600,
      '2027-04': -79_500,
    });
  });
});
