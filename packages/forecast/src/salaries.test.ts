import { describe, expect, it } from 'vitest';
import { computeForecast } from './compute-forecast.js';
import { aSalary, amountsOf, anInput } from './test-builders.js';
import type { ForecastSalary } from './types.js';

const forecast = (salary: Partial<ForecastSalary>, extra = {}) =>
  amountsOf(computeForecast(anInput({ months: 4, salaries: [aSalary(salary)], ...extra })), 'salaries', 1);

describe('salaries in the forecast (research §5.4, FORECAST.md 7)', () => {
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

  it('is the leaf "<employee>" under "Löhne", one per salary', () => {
    const result = computeForecast(
      anInput({
        months: 1,
        salaries: [
          aSalary({ id: 2, employeeName: 'Zoë Beispiel' }),
          aSalary({ id: 1, employeeName: 'Ärni Muster', fromDate: '2026-02-20' }),
        ],
      }),
    );
    expect(result.details[0]?.expense).toEqual([
      {
        name: 'Löhne',
        amount: -1_600_000,
        children: [
          { name: 'Ärni Muster', amount: -800_000, relatedTable: 'salaries', relatedId: 1, isExcluded: false },
          { name: 'Zoë Beispiel', amount: -800_000, relatedTable: 'salaries', relatedId: 2, isExcluded: false },
        ],
      },
    ]);
  });
});
