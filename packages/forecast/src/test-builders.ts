/**
 * Builders for the engine's tests (not built into dist): a valid input with everything empty, and
 * items with plain defaults, so each test states only what it is about.
 */

import type {
  ForecastCoverage,
  ForecastInput,
  ForecastLeaf,
  ForecastResult,
  ForecastSalary,
  ForecastSalaryCost,
  ForecastTransaction,
  LeafTable,
} from './types.js';

/** Today of the tests: a Tuesday in the middle of March 2026. */
export const TODAY = '2026-03-17';

/** An input with no items: `TODAY`, 13 months, performance 100, CHF. */
export function anInput(overrides: Partial<ForecastInput> = {}): ForecastInput {
  return {
    today: TODAY,
    months: 13,
    performance: 100,
    currency: 'CHF',
    rates: {},
    bankAccounts: [],
    transactions: [],
    salaries: [],
    vatSetting: null,
    exclusions: [],
    minimumBalance: 0,
    ...overrides,
  };
}

/** A monthly CHF expense of 1'000.00 from 2026-01-31 without end or VAT. */
export function aTransaction(overrides: Partial<ForecastTransaction> = {}): ForecastTransaction {
  return {
    id: 1,
    name: 'Miete',
    amount: -100_000,
    currency: 'CHF',
    categoryName: 'Miete',
    type: 'repeating',
    cycle: 'monthly',
    startDate: '2026-01-31',
    endDate: null,
    isDisabled: false,
    vatBasisPoints: null,
    vatIncluded: false,
    ...overrides,
  };
}

/** A monthly CHF salary of 8'000.00 gross from 2026-01-25, no deductions, no costs; employee id = salary id. */
export function aSalary(overrides: Partial<ForecastSalary> = {}): ForecastSalary {
  return {
    id: 1,
    // Each salary its own employee unless the test names one: an employee's salaries are one leaf.
    employeeId: overrides.id ?? 1,
    employeeName: 'Anna Muster',
    amount: 800_000,
    employeeDeductions: 0,
    currency: 'CHF',
    cycle: 'monthly',
    fromDate: '2026-01-25',
    toDate: null,
    isDisabled: false,
    isTermination: false,
    costs: [],
    ...overrides,
  };
}

/** A monthly employer cost labelled "AHV" (id 1) with no details. */
export function aCost(overrides: Partial<ForecastSalaryCost> = {}): ForecastSalaryCost {
  return {
    id: 1,
    labelId: 1,
    labelName: 'AHV',
    cycle: 'monthly',
    distributionType: 'employer',
    relativeOffset: 1,
    details: [],
    ...overrides,
  };
}

/** Details of `amount` every `step` months from `from` for `count` payments, the first one "extra". */
export function details(from: string, count: number, amount: number, step = 1) {
  const start = Number(from.slice(0, 4)) * 12 + Number(from.slice(5, 7)) - 1;
  return Array.from({ length: count }, (_, i) => {
    const index = start + i * step;
    const month = `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
    return { month, amount, divider: 1, isExtraMonth: i === 0 };
  });
}

/** Every leaf of the result with its month and side. */
export function leavesOf(result: ForecastResult): (ForecastLeaf & { month: string; side: 'revenue' | 'expense' })[] {
  return result.details.flatMap(({ month, revenue, expense }) => [
    ...revenue.flatMap((category) => category.children.map((leaf) => ({ ...leaf, month, side: 'revenue' as const }))),
    ...expense.flatMap((category) => category.children.map((leaf) => ({ ...leaf, month, side: 'expense' as const }))),
  ]);
}

/** The amounts of one leaf by month ('YYYY-MM' -> amount), months without the leaf left out. */
export function amountsOf(result: ForecastResult, table: LeafTable, id: number): Record<string, number> {
  const amounts: Record<string, number> = {};
  for (const leaf of leavesOf(result)) {
    if (leaf.relatedTable === table && leaf.relatedId === id) amounts[leaf.month] = leaf.amount;
  }
  return amounts;
}

/** Coverage by one account's statements (account 1 unless named) from `from` on, all accounts' days alike. */
export function coveredFrom(from: string, to = '2099-12-31', bankAccountId = 1): ForecastCoverage {
  return { accounts: [{ bankAccountId, ranges: [{ from, to }] }], salaryAccountId: null };
}
