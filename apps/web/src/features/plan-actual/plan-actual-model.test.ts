import { describe, expect, it } from 'vitest';
import { accuracyHorizonText, type PlanActual } from '@saldopilot/shared';
import {
  balanceSeries,
  cellTexts,
  choosePeriod,
  percentOf,
  periodMonths,
  tableRows,
  varianceSign,
} from './plan-actual-model';

const cell = (plan: number, actual: number) => ({
  plan,
  actual,
  variance: actual - plan,
  variancePercent: percentOf(actual - plan, plan),
});
const uncovered = (plan: number) => ({ plan, actual: 0, variance: 0, variancePercent: null });

// September without bank entries, October with: the API's answer as docs/plan-actual.md describes it.
const data: PlanActual = {
  currency: 'CHF',
  from: '2026-09',
  to: '2026-10',
  coveredFrom: '2026-10-05',
  months: [
    {
      month: '2026-09',
      covered: false,
      revenue: uncovered(1_000_00),
      expense: uncovered(-2_400_00),
      cashflow: uncovered(-1_400_00),
      balance: { plan: 8_600_00, actual: 9_000_00 },
    },
    {
      month: '2026-10',
      covered: true,
      revenue: cell(1_450_00, 1_500_00),
      expense: cell(-2_400_00, -2_435_00),
      cashflow: cell(-950_00, -935_00),
      balance: { plan: 7_650_00, actual: 8_065_00 },
    },
  ],
  rows: [
    { side: 'revenue', category: 'Umsatz', unmatched: false, cells: [uncovered(1_000_00), cell(1_450_00, 1_500_00)] },
    { side: 'expense', category: 'Nicht zugeordnet', unmatched: true, cells: [uncovered(0), cell(0, -35_00)] },
    { side: 'expense', category: 'Miete', unmatched: false, cells: [uncovered(-2_400_00), cell(-2_400_00, -2_400_00)] },
  ],
  unmatchedCount: 1,
};

describe('tableRows', () => {
  it('lists each side with its categories, "Nicht zugeordnet" last, then Cashflow and Endsaldo', () => {
    expect(tableRows(data).map((row) => [row.kind, row.label])).toEqual([
      ['side', 'Einnahmen'],
      ['category', 'Umsatz'],
      ['side', 'Ausgaben'],
      ['category', 'Miete'],
      ['unmatched', 'Nicht zugeordnet'],
      ['cashflow', 'Cashflow'],
      ['balance', 'Endsaldo'],
    ]);
  });

  it('has no actual and no variance in a month without bank entries', () => {
    const revenue = tableRows(data)[0]!;
    expect(revenue.cells[0]).toEqual({ plan: 1_000_00, actual: null, variance: null, variancePercent: null });
    expect(revenue.cells[1]).toEqual({ plan: 1_450_00, actual: 1_500_00, variance: 50_00, variancePercent: 3.4 });
  });

  it('computes the end balance variance the way the API computes the others', () => {
    const balance = tableRows(data).at(-1)!;
    expect(balance.cells[0]?.actual).toBeNull();
    expect(balance.cells[1]).toEqual({ plan: 7_650_00, actual: 8_065_00, variance: 415_00, variancePercent: 5.4 });
  });
});

describe('a cell', () => {
  it('says plan, actual and variance with amount and percent', () => {
    expect(cellTexts({ plan: 1_450_00, actual: 1_500_00, variance: 50_00, variancePercent: 3.4 }, 'CHF')).toEqual({
      plan: "1'450.00 CHF",
      actual: "1'500.00 CHF",
      variance: '+50.00 CHF (+3.4 %)',
    });
    // No percentage of a plan of 0.
    expect(cellTexts({ plan: 0, actual: -35_00, variance: -35_00, variancePercent: null }, 'CHF').variance).toBe(
      '-35.00 CHF',
    );
    expect(cellTexts({ plan: 100_00, actual: null, variance: null, variancePercent: null }, 'CHF')).toEqual({
      plan: '100.00 CHF',
      actual: '–',
      variance: '–',
    });
  });

  it('is bad news below 0 on either side: revenue missing, expenses higher', () => {
    const [, umsatz, , miete, unmatched] = tableRows(data);
    expect(varianceSign(umsatz!.cells[1]!)).toBe('positive');
    expect(varianceSign(unmatched!.cells[1]!)).toBe('negative');
    expect(varianceSign(miete!.cells[1]!)).toBeUndefined();
    expect(varianceSign(umsatz!.cells[0]!)).toBeUndefined();
  });
});

describe('the headline and the chart', () => {
  it('names WAPE and bias per side and the months measured, a dash without any (docs/plan-actual.md "Accuracy per horizon")', () => {
    const side = { wape: 12.3, bias: -4 };
    expect(
      accuracyHorizonText({ horizon: 1, months: 6, inflows: side, outflows: { wape: 5, bias: 2.5 }, balanceError: 1 }),
    ).toBe('Zuflüsse WAPE 12.3 %, Bias -4.0 % · Abflüsse WAPE 5.0 %, Bias +2.5 % (aus 6 Monaten)');
    const none = { wape: null, bias: null };
    expect(accuracyHorizonText({ horizon: 12, months: 0, inflows: none, outflows: none, balanceError: null })).toBe(
      '–',
    );
  });

  it('draws no actual end balance before the bank entries', () => {
    expect(balanceSeries(data)).toEqual([
      { month: '2026-09', plan: 8_600_00, actual: null },
      { month: '2026-10', plan: 7_650_00, actual: 8_065_00 },
    ]);
  });
});

describe('the period', () => {
  it('offers the current month and the 24 before it, newest first', () => {
    const months = periodMonths('2026-11');
    expect(months).toHaveLength(25);
    expect(months[0]).toBe('2026-11');
    expect(months.at(-1)).toBe('2024-11');
  });

  it('moves the other end when a choice would turn the period round or make it longer than 24 months', () => {
    const period = { from: '2025-11', to: '2026-10' };
    expect(choosePeriod(period, 'from', '2026-01')).toEqual({ from: '2026-01', to: '2026-10' });
    expect(choosePeriod(period, 'from', '2026-11')).toEqual({ from: '2026-11', to: '2026-11' });
    expect(choosePeriod({ from: '2025-11', to: '2026-11' }, 'from', '2024-11')).toEqual({
      from: '2024-11',
      to: '2026-10',
    });
    expect(choosePeriod(period, 'to', '2025-06')).toEqual({ from: '2025-06', to: '2025-06' });
    expect(choosePeriod({ from: '2024-11', to: '2025-06' }, 'to', '2026-11')).toEqual({
      from: '2024-12',
      to: '2026-11',
    });
  });
});
