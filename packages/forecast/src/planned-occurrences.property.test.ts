import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeForecast, plannedOccurrences } from './compute-forecast.js';
import { horizonOf, monthKeyOf } from './horizon.js';
import { monthEnd } from './planned-occurrences.js';
import { input } from './test-arbitraries.js';
import { aTransaction, coveredFrom } from './test-builders.js';
import type { ForecastInput, ForecastResult, PlannedOccurrence } from './types.js';

// docs/plan-actual.md "The forecast counts nothing twice": random plans (test-arbitraries.ts) and a
// random part of their occurrences matched to entries already in the balances (closed).

const atFullPerformance = input.map((forecastInput) => ({ ...forecastInput, performance: 100 }));

/** The last day of the input's horizon. */
function horizonEnd({ today, months }: ForecastInput): string {
  return monthEnd(horizonOf(today, months).last);
}

/** The month totals of a result minus the amounts of `removed`, per month. */
function totalsWithout(result: ForecastResult, removed: readonly PlannedOccurrence[]) {
  return result.months.map((month) => {
    const gone = removed.filter((occurrence) => occurrence.dueDate.startsWith(month.month));
    const sum = (sign: 1 | -1) =>
      gone.filter((o) => Math.sign(o.amount) === sign).reduce((total, o) => total + o.amount, 0);
    return { month: month.month, revenue: month.revenue - sum(1) + 0, expense: month.expense - sum(-1) + 0 };
  });
}

const withChosen = atFullPerformance.chain((forecastInput) => {
  const occurrences = plannedOccurrences(forecastInput, forecastInput.today, horizonEnd(forecastInput));
  return fc.subarray(occurrences).map((chosen) => ({ forecastInput, occurrences, chosen }));
});

describe('matched occurrences (property)', () => {
  it('the forecast equals the unmatched plan minus the matched occurrences: nothing twice, nothing lost', () => {
    fc.assert(
      fc.property(withChosen, ({ forecastInput, chosen }) => {
        const open = computeForecast(forecastInput);
        const matched = computeForecast({ ...forecastInput, closedOccurrences: chosen });
        expect(matched.months.map(({ month, revenue, expense }) => ({ month, revenue, expense }))).toEqual(
          totalsWithout(open, chosen),
        );
        expect(matched.startBalance).toBe(open.startBalance);
      }),
      { numRuns: 200 },
    );
  });

  it('equals the forecast of a plan written without those occurrences (transactions as single payments)', () => {
    const withoutVat = atFullPerformance.map((forecastInput) => ({ ...forecastInput, vatSetting: null, salaries: [] }));
    const cases = withoutVat.chain((forecastInput) => {
      const occurrences = plannedOccurrences(forecastInput, forecastInput.today, horizonEnd(forecastInput));
      return fc.subarray(occurrences).map((chosen) => ({ forecastInput, occurrences, chosen }));
    });
    fc.assert(
      fc.property(cases, ({ forecastInput, occurrences, chosen }) => {
        const matched = computeForecast({ ...forecastInput, closedOccurrences: chosen });
        const gone = new Set(chosen);
        // The plan as the user would have written it: each remaining occurrence one single payment.
        const singles = occurrences
          .filter((occurrence) => !gone.has(occurrence))
          .map((occurrence, i) =>
            aTransaction({
              id: i + 1,
              name: occurrence.name,
              categoryName: occurrence.category,
              amount: occurrence.amount,
              type: 'single',
              cycle: null,
              startDate: occurrence.dueDate,
            }),
          );
        const rewritten = computeForecast({ ...forecastInput, transactions: singles });
        expect(matched.months).toEqual(rewritten.months);
        expect(matched.runway).toEqual(rewritten.runway);
      }),
      { numRuns: 200 },
    );
  });

  it('overdue occurrences add to the first month only, and leave again once closed', () => {
    const cases = atFullPerformance.chain((forecastInput) =>
      fc.integer({ min: 1, max: 14 }).map((back) => {
        const start = horizonOf(forecastInput.today, 1).first - back;
        return { forecastInput, overdueFrom: `${monthKeyOf(start)}-01` };
      }),
    );
    fc.assert(
      fc.property(cases, ({ forecastInput, overdueFrom }) => {
        const base = computeForecast(forecastInput);
        const overdue = plannedOccurrences(forecastInput, overdueFrom, forecastInput.today).filter(
          (occurrence) => occurrence.dueDate < forecastInput.today,
        );
        const withOverdue = computeForecast({ ...forecastInput, coverage: coveredFrom(overdueFrom) });
        const added = overdue.reduce((total, occurrence) => total + occurrence.amount, 0);
        expect(withOverdue.months[0]?.cashflow).toBe((base.months[0]?.cashflow ?? 0) + added);
        expect(withOverdue.months.slice(1).map((m) => m.cashflow)).toEqual(base.months.slice(1).map((m) => m.cashflow));
        const settled = computeForecast({
          ...forecastInput,
          coverage: coveredFrom(overdueFrom),
          closedOccurrences: overdue,
        });
        expect(settled.months).toEqual(base.months);
      }),
      { numRuns: 150 },
    );
  });
});
