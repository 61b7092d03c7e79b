import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeForecast } from './compute-forecast.js';
import { input } from './test-arbitraries.js';
import { leavesOf } from './test-builders.js';
import type { ForecastCategory, ForecastExclusion } from './types.js';

/** An exclusion for every excludable leaf of the result. */
function excludeEverything(result: ReturnType<typeof computeForecast>): ForecastExclusion[] {
  return leavesOf(result)
    .filter((leaf) => leaf.relatedTable !== 'vat_settlement')
    .map((leaf) => ({
      relatedTable: leaf.relatedTable as ForecastExclusion['relatedTable'],
      relatedId: leaf.relatedId,
      month: leaf.month,
    }));
}

describe('computeForecast properties', () => {
  it('totals are the sums of the leaves, saldo is the running sum, every number is an integer', () => {
    fc.assert(
      fc.property(input, (forecastInput) => {
        const result = computeForecast(forecastInput);
        let saldo = result.startBalance;
        expect(Number.isSafeInteger(result.startBalance)).toBe(true);
        result.months.forEach((month, i) => {
          const detail = result.details[i];
          const sum = (categories: ForecastCategory[]) =>
            categories.reduce((total, c) => total + c.children.reduce((s, l) => s + l.amount, 0), 0);
          expect(detail?.month).toBe(month.month);
          expect(month.revenue).toBe(sum(detail?.revenue ?? []));
          expect(month.expense).toBe(sum(detail?.expense ?? []));
          expect(month.cashflow).toBe(month.revenue + month.expense);
          saldo += month.cashflow;
          expect(month.saldo).toBe(saldo);
          for (const value of [month.revenue, month.expense, month.cashflow, month.saldo])
            expect(Number.isSafeInteger(value)).toBe(true);
          for (const category of [...(detail?.revenue ?? []), ...(detail?.expense ?? [])]) {
            expect(category.amount).toBe(category.children.reduce((s, l) => s + l.amount, 0));
          }
        });
        for (const leaf of leavesOf(result)) {
          expect(Number.isSafeInteger(leaf.amount)).toBe(true);
          if (!leaf.isExcluded) expect(leaf.side === 'revenue' ? leaf.amount >= 0 : leaf.amount <= 0).toBe(true);
        }
        expect(result.runway.lowest.saldo).toBe(Math.min(...result.months.map((m) => m.saldo)));
      }),
      { numRuns: 200 },
    );
  });

  it('performance 100 equals no performance: only revenue leaves and the VAT settlement change', () => {
    fc.assert(
      fc.property(input, (forecastInput) => {
        const full = computeForecast({ ...forecastInput, performance: 100 });
        const scaled = computeForecast(forecastInput);
        // The VAT settlement can change its side or vanish with the performance (output tax scaled,
        // input tax not: docs/vat.md), so its leaves are compared apart: the input tax stays.
        const isVat = (leaf: { relatedTable: string }) => leaf.relatedTable === 'vat_settlement';
        const fullLeaves = leavesOf(full).filter((leaf) => !isVat(leaf));
        const scaledLeaves = leavesOf(scaled).filter((leaf) => !isVat(leaf));
        expect(scaledLeaves.map(({ amount: _a, ...leaf }) => leaf)).toEqual(
          fullLeaves.map(({ amount: _a, ...leaf }) => leaf),
        );
        fullLeaves.forEach((leaf, i) => {
          if (leaf.side === 'expense') expect(scaledLeaves[i]?.amount).toBe(leaf.amount);
        });
        const scaledVat = new Map(
          leavesOf(scaled)
            .filter(isVat)
            .map((leaf) => [leaf.month, leaf]),
        );
        for (const leaf of leavesOf(full).filter(isVat)) {
          const other = scaledVat.get(leaf.month);
          if (other) expect(other.inputTax).toBe(leaf.inputTax);
        }
      }),
      { numRuns: 100 },
    );
  });

  it('is deterministic', () => {
    fc.assert(
      fc.property(input, (forecastInput) => {
        expect(computeForecast(forecastInput)).toEqual(computeForecast(forecastInput));
      }),
      { numRuns: 50 },
    );
  });

  it('excluding everything leaves the start balance, apart from the VAT settlement', () => {
    fc.assert(
      fc.property(input, (forecastInput) => {
        const withoutVat = { ...forecastInput, vatSetting: null };
        const first = computeForecast(withoutVat);
        const result = computeForecast({ ...withoutVat, exclusions: excludeEverything(first) });
        expect(result.months.every((month) => month.saldo === result.startBalance && month.cashflow === 0)).toBe(true);
        expect(leavesOf(result).every((leaf) => leaf.isExcluded && leaf.amount === 0)).toBe(true);
        expect(leavesOf(result)).toHaveLength(leavesOf(first).length);
      }),
      { numRuns: 100 },
    );
  });
});
