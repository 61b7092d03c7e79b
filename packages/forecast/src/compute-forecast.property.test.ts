import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeForecast } from './compute-forecast.js';
import { aCost, aSalary, aTransaction, anInput, details, leavesOf } from './test-builders.js';
import type { ForecastCategory, ForecastExclusion, ForecastInput } from './types.js';

const day = fc
  .record({
    year: fc.integer({ min: 2024, max: 2028 }),
    month: fc.integer({ min: 1, max: 12 }),
    day: fc.integer({ min: 1, max: 31 }),
  })
  .map(({ year, month, day }) => {
    const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
    return `${year}-${String(month).padStart(2, '0')}-${String(Math.min(day, last)).padStart(2, '0')}`;
  });
const currency = fc.constantFrom('CHF', 'EUR', 'USD', 'GBP');
const amount = fc.integer({ min: -5_000_000, max: 5_000_000 });
const cycle = fc.constantFrom('monthly' as const, 'quarterly' as const, 'biannually' as const, 'yearly' as const);

const transaction = fc
  .record({
    single: fc.boolean(),
    amount,
    currency,
    cycle,
    startDate: day,
    endDate: fc.option(day, { nil: null }),
    isDisabled: fc.boolean(),
    vatBasisPoints: fc.option(fc.constantFrom(260, 380, 810), { nil: null }),
    vatIncluded: fc.boolean(),
    name: fc.constantFrom('Miete', 'Kunde', 'Öl', 'abo', 'Zins'),
    categoryName: fc.constantFrom('Miete', 'Projekte', 'Übriges'),
  })
  .map(({ single, endDate, startDate, ...rest }) =>
    aTransaction({
      ...rest,
      startDate,
      type: single ? 'single' : 'repeating',
      endDate: single || endDate === null || endDate < startDate ? null : endDate,
    }),
  );

const salary = fc
  .record({
    amount: fc.integer({ min: 0, max: 2_000_000 }),
    deductions: fc.integer({ min: 0, max: 300_000 }),
    currency,
    fromDate: day,
    isDisabled: fc.boolean(),
    isTermination: fc.boolean(),
    costs: fc.array(
      fc.record({
        labelId: fc.option(fc.integer({ min: 1, max: 3 }), { nil: null }),
        cycle: fc.constantFrom('monthly' as const, 'quarterly' as const, 'once' as const),
        distributionType: fc.constantFrom('employee' as const, 'employer' as const, 'both' as const),
        relativeOffset: fc.integer({ min: 1, max: 3 }),
        from: day,
        count: fc.integer({ min: 0, max: 20 }),
        amount: fc.integer({ min: 0, max: 100_000 }),
      }),
      { maxLength: 4 },
    ),
  })
  .map(({ deductions, costs, ...rest }) =>
    aSalary({
      ...rest,
      employeeDeductions: deductions,
      costs: costs.map(({ from, count, amount, labelId, ...cost }, i) =>
        aCost({
          ...cost,
          id: i + 1,
          labelId,
          labelName: labelId === null ? null : `Label ${labelId}`,
          details: details(
            from.slice(0, 7),
            cost.cycle === 'once' ? Math.min(count, 1) : count,
            amount,
            cost.cycle === 'quarterly' ? 3 * cost.relativeOffset : cost.relativeOffset,
          ),
        }),
      ),
    }),
  );

const input: fc.Arbitrary<ForecastInput> = fc
  .record({
    today: day,
    months: fc.integer({ min: 1, max: 24 }),
    performance: fc.integer({ min: 0, max: 200 }),
    rates: fc.record({
      EUR: fc.double({ min: 0.5, max: 2, noNaN: true }),
      USD: fc.double({ min: 0.5, max: 2, noNaN: true }),
    }),
    bankAccounts: fc.array(fc.record({ amount, currency }), { maxLength: 4 }),
    transactions: fc.array(transaction, { maxLength: 12 }),
    salaries: fc.array(salary, { maxLength: 4 }),
    vat: fc.option(
      fc.record({
        billingDate: day,
        interval: fc.constantFrom('monthly', 'quarterly', 'biannually', 'yearly'),
        transactionMonthOffset: fc.integer({ min: 0, max: 12 }),
      }),
      { nil: null },
    ),
  })
  .map(({ vat, transactions, salaries, ...rest }) =>
    anInput({
      ...rest,
      transactions: transactions.map((t, i) => ({ ...t, id: i + 1 })),
      salaries: salaries.map((s, i) => ({ ...s, id: i + 1 })),
      vatSetting: vat === null ? null : { enabled: true, ...vat },
    }),
  );

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
