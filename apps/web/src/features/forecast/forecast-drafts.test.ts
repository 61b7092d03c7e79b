import { describe, expect, it } from 'vitest';
import type { ForecastDetails, ForecastLeafNode, ForecastMonthTotals } from '@saldopilot/shared';
import { leafRowKey } from '@saldopilot/shared';
import { draftKey, previewDrafts, toggleDraft, type Drafts } from './forecast-drafts';

const rent: ForecastLeafNode = {
  name: 'Miete',
  amount: -2_000_00,
  relatedId: 7,
  relatedTable: 'transactions',
  isExcluded: false,
};
const sales: ForecastLeafNode = {
  name: 'Verkauf',
  amount: 5_000_00,
  relatedId: 8,
  relatedTable: 'transactions',
  isExcluded: false,
};
// A saved exclusion: counts 0 and names what it took out.
const alice: ForecastLeafNode = {
  name: 'Alice',
  amount: 0,
  relatedId: 3,
  relatedTable: 'salaries',
  isExcluded: true,
  excludedAmount: -4_000_00,
};
const vat: ForecastLeafNode = {
  name: 'MWST',
  amount: -300_00,
  relatedId: 0,
  relatedTable: 'vat_settlement',
  isExcluded: false,
};

const months: ForecastMonthTotals[] = [
  { month: '2026-11', revenue: 5_000_00, expense: -2_300_00, cashflow: 2_700_00, saldo: 12_700_00 },
  { month: '2026-12', revenue: 5_000_00, expense: -2_000_00, cashflow: 3_000_00, saldo: 15_700_00 },
  { month: '2027-01', revenue: 5_000_00, expense: -2_000_00, cashflow: 3_000_00, saldo: 18_700_00 },
];

const details: ForecastDetails = months.map((month, index) => ({
  month: month.month,
  revenue: [{ name: 'Generell', amount: 5_000_00, children: [sales] }],
  expense: [
    { name: 'Generell', amount: -2_000_00, children: [rent] },
    { name: 'Löhne', amount: 0, children: [alice] },
    ...(index === 0 ? [{ name: 'MWST', amount: -300_00, children: [vat] }] : []),
  ],
}));

describe('toggleDraft', () => {
  it('makes a draft of the opposite state and removes it on the second toggle', () => {
    const once = toggleDraft(new Map(), '2026-12', rent);
    expect([...once.values()]).toEqual([
      { month: '2026-12', relatedTable: 'transactions', relatedId: 7, isExcluded: true },
    ]);
    expect(toggleDraft(once, '2026-12', rent).size).toBe(0);
    expect(toggleDraft(new Map(), '2026-12', alice).get(draftKey('2026-12', 'salaries', 3))?.isExcluded).toBe(false);
  });

  it('never drafts the VAT settlement', () => {
    expect(toggleDraft(new Map(), '2026-11', vat).size).toBe(0);
  });

  it('never drafts an overdue occurrence: it is matched or marked "entfällt" instead', () => {
    expect(toggleDraft(new Map(), '2026-11', { ...rent, overdueDate: '2026-10-03' }).size).toBe(0);
  });
});

describe('previewDrafts', () => {
  it('answers the server figures unchanged without drafts', () => {
    const preview = previewDrafts(months, details, new Map());
    expect(preview.months).toBe(months);
    expect(preview.details).toBe(details);
  });

  it('moves the leaf, its category, the total, the cashflow and every later end balance', () => {
    const drafts = toggleDraft(new Map(), '2026-12', rent);
    const preview = previewDrafts(months, details, drafts);
    expect(preview.months).toEqual([
      months[0],
      { month: '2026-12', revenue: 5_000_00, expense: 0, cashflow: 5_000_00, saldo: 17_700_00 },
      { month: '2027-01', revenue: 5_000_00, expense: -2_000_00, cashflow: 3_000_00, saldo: 20_700_00 },
    ]);
    const december = preview.details?.[1];
    expect(december?.expense[0]).toMatchObject({ name: 'Generell', amount: 0 });
    // The cell shows what was taken out (struck through), the totals count 0.
    expect(december?.expense[0]?.children[0]).toMatchObject({
      amount: 0,
      excludedAmount: -2_000_00,
      isExcluded: true,
      pending: true,
    });
    // Other months are untouched.
    expect(preview.details?.[2]).toBe(details[2]);
  });

  it('keeps the amounts of collapsed categories, which come without their leaves', () => {
    const collapsed = { name: 'Versicherungen', amount: -450_00, children: [] };
    const withCollapsed: ForecastDetails = details.map((month) => ({
      ...month,
      expense: [...month.expense, collapsed],
    }));
    const preview = previewDrafts(months, withCollapsed, toggleDraft(new Map(), '2026-12', rent));
    expect(preview.details?.[1]?.expense.map((category) => [category.name, category.amount])).toEqual([
      ['Generell', 0],
      ['Löhne', 0],
      ['Versicherungen', -450_00],
    ]);
  });

  it('adds up revenue and expense drafts of several months', () => {
    let drafts: Drafts = toggleDraft(new Map(), '2026-11', sales);
    drafts = toggleDraft(drafts, '2027-01', rent);
    const preview = previewDrafts(months, details, drafts);
    expect(preview.months.map((month) => [month.revenue, month.expense, month.cashflow, month.saldo])).toEqual([
      [0, -2_300_00, -2_300_00, 7_700_00],
      [5_000_00, -2_000_00, 3_000_00, 10_700_00],
      [5_000_00, 0, 5_000_00, 15_700_00],
    ]);
    // The end balance stays the running sum of the cashflows.
    const start = months[0]!.saldo - months[0]!.cashflow;
    let running = start;
    for (const month of preview.months) {
      running += month.cashflow;
      expect(month.saldo).toBe(running);
    }
  });

  it('counts a saved exclusion again with the amount it had taken out', () => {
    const drafts = toggleDraft(new Map(), '2026-11', alice);
    const preview = previewDrafts(months, details, drafts);
    expect(preview.months.map((month) => [month.expense, month.cashflow, month.saldo])).toEqual([
      [-6_300_00, -1_300_00, 8_700_00],
      [-2_000_00, 3_000_00, 11_700_00],
      [-2_000_00, 3_000_00, 14_700_00],
    ]);
    const counted = preview.details?.[0]?.expense[1]?.children[0];
    expect(counted).toMatchObject({ amount: -4_000_00, isExcluded: false, pending: true });
    expect(counted).not.toHaveProperty('excludedAmount');
    expect(preview.details?.[0]?.expense[1]?.amount).toBe(-4_000_00);
  });

  it("excludes the regular leaf only, not the same item's overdue leaf of that month", () => {
    const overdueRent: ForecastLeafNode = { ...rent, overdueDate: '2026-10-03' };
    const withOverdue: ForecastDetails = details.map((month, index) =>
      index === 0
        ? {
            ...month,
            expense: [
              { name: 'Generell', amount: -4_000_00, children: [rent, overdueRent] },
              ...month.expense.slice(1),
            ],
          }
        : month,
    );
    const preview = previewDrafts(months, withOverdue, toggleDraft(new Map(), '2026-11', rent));
    const november = preview.details?.[0]?.expense[0];
    expect(november?.amount).toBe(-2_000_00);
    expect(november?.children[0]).toMatchObject({ isExcluded: true, pending: true });
    expect(november?.children[1]).toBe(overdueRent);
    expect(preview.months[0]).toMatchObject({ expense: -300_00, saldo: 14_700_00 });
  });

  it('leaves the totals alone while the details are not loaded', () => {
    const drafts = toggleDraft(new Map(), '2026-12', rent);
    expect(previewDrafts(months, undefined, drafts).months).toBe(months);
  });
});

describe('leafRowKey', () => {
  it("keys an employee's salaries as one row and every other leaf by its item", () => {
    const raise = { ...alice, relatedId: 4, employeeId: 9 };
    expect(leafRowKey({ ...alice, employeeId: 9 })).toBe('employees:9');
    expect(leafRowKey(raise)).toBe('employees:9');
    expect(leafRowKey(rent)).toBe('transactions:7');
    expect(leafRowKey(vat)).toBe('vat_settlement:0');
    expect(leafRowKey({ ...rent, overdueDate: '2026-10-03' })).toBe('transactions:7:overdue:2026-10-03');
  });

  it("toggles a cell of an employee's row with that month's salary", () => {
    const december = { ...alice, relatedId: 4, employeeId: 9, isExcluded: false };
    expect([...toggleDraft(new Map(), '2026-12', december).values()]).toEqual([
      { month: '2026-12', relatedTable: 'salaries', relatedId: 4, isExcluded: true },
    ]);
  });
});
