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
  type CostCardCost,
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

/** Today of the cost texts: the schedule below pays in December 2026 and January 2027. */
const today = '2026-11-21';

const cost = (overrides: Partial<CostCardCost> = {}): CostCardCost => ({
  id: 1,
  label: { id: 1, name: 'AHV' },
  cycle: 'monthly',
  amountType: 'percentage',
  amount: 5300,
  distributionType: 'employee',
  calculatedAmount: 53_000,
  calculatedNextCost: 53_000,
  calculatedNextExecutionDate: '2026-12-01',
  calculatedCostDetails: [
    { month: '2026-12', amount: 53_000, divider: 1, isExtraMonth: true },
    { month: '2027-01', amount: 53_000, divider: 1, isExtraMonth: false },
  ],
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
    expect(costAmountText(cost(), 'CHF', today)).toBe('Monatlich: 5.300 % (530.00 CHF)');
    expect(costAmountText(cost({ amountType: 'fixed', amount: 40_000, cycle: 'once' }), 'CHF', today)).toBe(
      'Einmalig: 400.00 CHF',
    );
  });

  it('prints BVG by age without a risk rate of 0, and names the risk rate when there is one', () => {
    const bvg = (amount: number) =>
      cost({
        amountType: 'bvgMinimum',
        amount,
        distributionType: 'both',
        calculatedCostDetails: [{ month: '2026-12', amount: 22_558, divider: 1, isExtraMonth: true }],
      });
    expect(costAmountText(bvg(0), 'CHF', today)).toBe('Monatlich: BVG-Minimum nach Alter (225.58 CHF)');
    expect(costAmountText(bvg(1000), 'CHF', today)).toBe(
      'Monatlich: BVG-Minimum nach Alter + 1.000 % Risiko und Verwaltung (225.58 CHF)',
    );
  });

  it('prints the next cost and its month per side (AG and AN each pay a cost borne by both), or "Inaktiv"', () => {
    expect(nextCostText(cost(), 'CHF', today)).toBe('Gesamt: 530.00 CHF im Dezember 2026 (Arbeitnehmer)');
    expect(nextCostText(cost({ distributionType: 'employer' }), 'CHF', today)).toBe(
      'Gesamt: 530.00 CHF im Dezember 2026 (Arbeitgeber)',
    );
    expect(nextCostText(cost({ distributionType: 'both' }), 'CHF', today)).toBe(
      "Gesamt: 1'060.00 CHF im Dezember 2026 (Arbeitnehmer 530.00 CHF, Arbeitgeber 530.00 CHF)",
    );
    expect(nextCostText(cost({ calculatedCostDetails: [] }), 'CHF', today)).toBe('Inaktiv');
  });

  // docs/web.md "Mitarbeitende (Detailseite)"
  it("names the payment the forecast pays next, the catch-up included (the API's next skips it)", () => {
    // Synthetic: 5.3 % of a 6'200.00 salary with a 13th salary in December; the API's skip-previous
    // fields name January (the December step with the 13th salary), the forecast pays December first.
    const ahv = cost({
      distributionType: 'both',
      calculatedAmount: 65_720,
      calculatedNextCost: 65_720,
      calculatedNextExecutionDate: '2027-01-01',
      calculatedCostDetails: [
        { month: '2026-12', amount: 32_860, divider: 1, isExtraMonth: true },
        { month: '2027-01', amount: 65_720, divider: 1, isExtraMonth: false },
        { month: '2027-02', amount: 32_860, divider: 1, isExtraMonth: false },
      ],
    });
    expect(costAmountText(ahv, 'CHF', today)).toBe('Monatlich: 5.300 % (328.60 CHF)');
    expect(nextCostText(ahv, 'CHF', today)).toBe(
      'Gesamt: 657.20 CHF im Dezember 2026 (Arbeitnehmer 328.60 CHF, Arbeitgeber 328.60 CHF)',
    );
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
