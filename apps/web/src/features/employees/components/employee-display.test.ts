import { describe, expect, it } from 'vitest';
import {
  canAddTermination,
  cloneFromDate,
  costAmountText,
  employeeSalaryText,
  employeeState,
  matchesFilter,
  matchesSearch,
  nextCostText,
  percentText,
  suggestedTermination,
  visibleCostGroups,
  type CostSummary,
  type EmployeeSummary,
  type SalarySummary,
} from './employee-display';

const employee = (overrides: Partial<EmployeeSummary> = {}): EmployeeSummary => ({
  salaryId: 1,
  hoursPerMonth: 160,
  salaryAmount: 850_000,
  cycle: 'monthly',
  currency: { code: 'CHF' },
  vacationDaysPerYear: 25,
  fromDate: '2026-01-01',
  toDate: null,
  isInFuture: false,
  isTerminated: false,
  willBeTerminated: false,
  ...overrides,
});

const cost = (overrides: Partial<CostSummary> = {}): CostSummary => ({
  id: 1,
  label: { id: 1, name: 'AHV' },
  cycle: 'monthly',
  amountType: 'percentage',
  amount: 5300,
  distributionType: 'employee',
  calculatedAmount: 53_000,
  calculatedNextCost: 53_000,
  calculatedNextExecutionDate: '2026-12-01',
  ...overrides,
});

const salary = (overrides: Partial<SalarySummary> = {}): SalarySummary => ({
  id: 1,
  fromDate: '2026-01-25',
  toDate: null,
  isTermination: false,
  isDisabled: false,
  nextExecutionDate: '2026-11-25',
  ...overrides,
});

describe('employee list display', () => {
  it.each([
    ['no salary', { salaryId: null, salaryAmount: null }, 'no-data'],
    ['terminated', { isTerminated: true }, 'terminated'],
    ['upcoming', { isInFuture: true }, 'upcoming'],
    ['current', {}, 'current'],
  ] as const)('%s', (_, overrides, state) => {
    expect(employeeState(employee(overrides))).toBe(state);
  });

  it('shows the salary incl. employer costs per cycle, or "-"', () => {
    expect(employeeSalaryText(employee())).toBe("8'500.00 CHF / Monatlich");
    expect(employeeSalaryText(employee({ salaryAmount: null, currency: null }))).toBe('-');
  });
});

describe('cost display', () => {
  it('prints percentages with three decimals', () => {
    expect(percentText(5300)).toBe('5.300 %');
    expect(percentText(1025)).toBe('1.025 %');
    expect(percentText(100_000)).toBe('100.000 %');
  });

  it('prints the per-cycle amount of fixed and percentage costs', () => {
    expect(costAmountText(cost(), 'CHF')).toBe('Monatlich: 5.300 % (530.00 CHF)');
    expect(costAmountText(cost({ amountType: 'fixed', amount: 40_000, cycle: 'once' }), 'CHF')).toBe(
      'Einmalig: 400.00 CHF',
    );
  });

  it('prints the next cost and its month (doubled when AG and AN each pay it), or "Inaktiv"', () => {
    expect(nextCostText(cost(), 'CHF')).toBe('Gesamt: 530.00 CHF im Dezember 2026');
    expect(nextCostText(cost({ distributionType: 'both' }), 'CHF')).toBe("Gesamt: 1'060.00 CHF im Dezember 2026");
    expect(nextCostText(cost({ calculatedNextExecutionDate: null, calculatedNextCost: 0 }), 'CHF')).toBe('Inaktiv');
  });

  it('filters AN/AG with "AG & AN" under both, and searches by label (costs without label always shown)', () => {
    expect(matchesFilter(cost({ distributionType: 'both' }), 'employee')).toBe(true);
    expect(matchesFilter(cost({ distributionType: 'both' }), 'employer')).toBe(true);
    expect(matchesFilter(cost({ distributionType: 'employer' }), 'employee')).toBe(false);
    expect(matchesSearch(cost(), ' ah ')).toBe(true);
    expect(matchesSearch(cost(), 'bvg')).toBe(false);
    expect(matchesSearch(cost({ label: null }), 'bvg')).toBe(true);
  });

  it('groups by who pays, leaving out empty groups', () => {
    const costs = [
      cost({ id: 1, distributionType: 'employer', label: { id: 2, name: 'FAK' } }),
      cost({ id: 2, distributionType: 'both' }),
      cost({ id: 3, distributionType: 'employer', label: { id: 3, name: 'UVG BU' } }),
    ];
    expect(visibleCostGroups(costs, { search: '', filter: 'all', grouped: false })).toEqual([
      { key: 'all', title: null, costs },
    ]);
    const grouped = visibleCostGroups(costs, { search: '', filter: 'all', grouped: true });
    expect(grouped.map((group) => [group.key, group.costs.map((c) => c.id)])).toEqual([
      ['employer', [1, 3]],
      ['both', [2]],
    ]);
    expect(visibleCostGroups(costs, { search: 'zzz', filter: 'employee', grouped: true })).toEqual([]);
  });
});

describe('salary history rules', () => {
  it('offers a termination only while an active salary exists', () => {
    expect(canAddTermination([])).toBe(false);
    expect(canAddTermination([salary({ isDisabled: true }), salary({ isTermination: true })])).toBe(false);
    expect(canAddTermination([salary()])).toBe(true);
  });

  it('suggests the first of the month after the latest salary’s next payment', () => {
    expect(suggestedTermination([salary(), salary({ id: 2, fromDate: '2025-01-25', nextExecutionDate: null })])).toBe(
      '2026-12-01',
    );
    // A salary that pays no more: the month after its start.
    expect(suggestedTermination([salary({ nextExecutionDate: null, fromDate: '2027-03-15' })])).toBe('2027-04-01');
    expect(suggestedTermination([])).toBeUndefined();
  });

  it('clones to the first free date with the same day from the next month on', () => {
    expect(cloneFromDate({ fromDate: '2026-01-31' }, [{ fromDate: '2026-01-31' }])).toBe('2026-02-28');
    expect(
      cloneFromDate({ fromDate: '2026-01-15' }, [
        { fromDate: '2026-01-15' },
        { fromDate: '2026-02-15' },
        { fromDate: '2026-03-15' },
      ]),
    ).toBe('2026-04-15');
  });
});
