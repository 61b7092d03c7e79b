import { describe, expect, it } from 'vitest';
import type { TimelineSalary } from '@saldopilot/shared';
import { emptySalaryValues, endPreview, salaryValuesOf } from './salary-form-values';

const salary = (id: number, fromDate: string, toDate: string | null = null): TimelineSalary => ({
  id,
  fromDate,
  toDate,
  cycle: 'monthly',
  isDisabled: false,
  isTermination: false,
});

describe('salary form values', () => {
  it('starts a new salary at 0 in the organisation currency, monthly', () => {
    expect(emptySalaryValues(7)).toEqual({
      hoursPerMonth: 0,
      vacationDaysPerYear: 0,
      currencyId: 7,
      amount: 0,
      fromDate: undefined,
      cycle: 'monthly',
      hasThirteenthSalary: false,
      thirteenthSalaryMonth: 12,
    });
  });

  it('takes a stored salary’s values, with another "Von" for a clone', () => {
    const stored = {
      hoursPerMonth: 160,
      vacationDaysPerYear: 25,
      currency: { id: 1 },
      amount: 850_000,
      fromDate: '2026-01-01',
      cycle: 'monthly' as const,
      hasThirteenthSalary: true,
      thirteenthSalaryMonth: 11,
    };
    expect(salaryValuesOf(stored).fromDate).toBe('2026-01-01');
    expect(salaryValuesOf(stored)).toMatchObject({ hasThirteenthSalary: true, thirteenthSalaryMonth: 11 });
    expect(salaryValuesOf(stored, '2026-02-01')).toMatchObject({ fromDate: '2026-02-01', amount: 850_000 });
  });
});

describe('end preview (the neighbours’ "Bis" before saving)', () => {
  it('a raise ends the previous salary in the month before', () => {
    expect(endPreview([salary(1, '2026-01-01')], { fromDate: '2026-08-01', cycle: 'monthly' })).toEqual([
      { fromDate: '2026-01-01', toDate: '2026-07-01' },
    ]);
  });

  it('a salary put before a later one ends itself before it', () => {
    expect(endPreview([salary(1, '2026-08-01')], { fromDate: '2026-01-01', cycle: 'monthly' })).toEqual([
      { fromDate: null, toDate: '2026-07-01' },
    ]);
  });

  it('says nothing for an incomplete or taken date', () => {
    expect(endPreview([salary(1, '2026-01-01')], { fromDate: undefined, cycle: 'monthly' })).toEqual([]);
    expect(endPreview([salary(1, '2026-01-01')], { fromDate: '2026-01-0', cycle: 'monthly' })).toEqual([]);
    expect(endPreview([salary(1, '2026-01-01')], { fromDate: '2026-01-01', cycle: 'monthly' })).toEqual([]);
  });

  it('moving an edited salary re-ends its previous neighbour', () => {
    const salaries = [salary(1, '2026-01-01', '2026-05-01'), salary(2, '2026-06-01')];
    expect(endPreview(salaries, { fromDate: '2026-09-01', cycle: 'monthly' }, 2)).toEqual([
      { fromDate: '2026-01-01', toDate: '2026-08-01' },
    ]);
  });
});
