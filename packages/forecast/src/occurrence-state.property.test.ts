import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeForecast, plannedOccurrences } from './compute-forecast.js';
import { horizonOf, monthKeyOf, parseDay } from './horizon.js';
import { occurrenceState, stateRulesOf, type OccurrenceState } from './occurrence-state.js';
import { dateOf, monthEnd, occurrenceKeyText } from './planned-occurrences.js';
import { input } from './test-arbitraries.js';
import { details, leavesOf } from './test-builders.js';
import type { ForecastCoverage, ForecastInput, PlannedOccurrence } from './types.js';

// docs/plan-actual.md "One state per occurrence": random organisations (test-arbitraries.ts:
// salaries paid on any day, costs of every cycle with offsets, transactions of every cycle) with
// past figures (their costs paid every month since 30 months before today, a payment on top in
// December like a 13th salary's costs), two bank accounts whose statements start anywhere in the
// last 30 months (or that have none; transactions on either or on none, salaries on either or on
// none, docs/plan-actual.md "Coverage"), and
// random parts of their occurrences matched into the balances or marked "entfällt". Every planned
// occurrence of the last 24 months and of the horizon is in exactly one state; the forecast counts
// exactly the open ones in their months and the overdue ones once in the current month; and the
// occurrences read for any month (the drill-down, Plan/Ist, suggestions) are those of the whole list.
// Without the VAT settlement: its amount depends on the first day a model collects from.

const STATES: readonly OccurrenceState[] = ['matched', 'overdue', 'open', 'dismissed', 'uncovered'];

/** The first day of the month 24 months before today's: how far back plan vs actual reads. */
function readFrom(today: string): string {
  return dateOf(parseDay(today).monthIndex - 24, 1);
}

const organisation = fc
  .record({
    base: input,
    coverageBack: fc.array(fc.option(fc.integer({ min: 0, max: 900 }), { nil: null }), {
      minLength: 2,
      maxLength: 2,
    }),
    salaryAccountId: fc.constantFrom(1, 2, null),
  })
  .map(({ base: generated, coverageBack, salaryAccountId }) => {
    // One employee per salary: the API's timeline never lets two salaries of one employee overlap.
    // Transactions on account 1, 2 or none by their id.
    const base = {
      ...generated,
      salaries: generated.salaries.map((s) => ({ ...s, employeeId: s.id })),
      transactions: generated.transactions.map((t) => ({ ...t, bankAccountId: [1, 2, null][t.id % 3] ?? null })),
    };
    const today = parseDay(base.today);
    const pastFrom = monthKeyOf(today.monthIndex - 30);
    const pastSalaries = base.salaries.map((salary) => ({
      ...salary,
      costs: salary.costs.map((cost) => ({
        ...cost,
        details: details(pastFrom, 30, 1_000 * cost.id).map((payment) =>
          payment.month.endsWith('-12') ? { ...payment, amount: payment.amount * 2 } : payment,
        ),
      })),
    }));
    // At most as far back as the occurrences this test lists (readFrom).
    const startOf = (back: number) => {
      const start = new Date(
        Date.UTC(Number(base.today.slice(0, 4)), Number(base.today.slice(5, 7)) - 1, today.day - back),
      )
        .toISOString()
        .slice(0, 10);
      return start < readFrom(base.today) ? readFrom(base.today) : start;
    };
    const coverage: ForecastCoverage = {
      accounts: coverageBack.flatMap((back, index) =>
        back === null ? [] : [{ bankAccountId: index + 1, ranges: [{ from: startOf(back), to: base.today }] }],
      ),
      salaryAccountId,
    };
    const forecastInput: ForecastInput = {
      ...base,
      performance: 100,
      vatSetting: null,
      pastSalaries,
      coverage,
    };
    return forecastInput;
  })
  .chain((forecastInput) => {
    const end = monthEnd(horizonOf(forecastInput.today, forecastInput.months).last);
    const occurrences = plannedOccurrences(forecastInput, readFrom(forecastInput.today), end);
    return fc
      .record({ matched: fc.subarray(occurrences), dismissed: fc.subarray(occurrences) })
      .map(({ matched, dismissed }) => {
        const dismissedKeys = new Set(dismissed.map(occurrenceKeyText));
        const closed = [...dismissed, ...matched.filter((o) => !dismissedKeys.has(occurrenceKeyText(o)))];
        return {
          forecastInput: { ...forecastInput, closedOccurrences: closed, dismissedOccurrences: dismissed },
          occurrences,
        };
      });
  });

const keyAndAmount = (o: { kind: string; id: number; dueDate: string; amount: number }) =>
  `${o.kind}:${o.id}:${o.dueDate}:${o.amount}`;

describe('one state per occurrence (property)', () => {
  it('every occurrence is in exactly one state; the forecast counts the open ones in their month and the overdue once', () => {
    fc.assert(
      fc.property(organisation, fc.nat(), ({ forecastInput, occurrences }, pick) => {
        const rules = stateRulesOf(forecastInput);
        // Exactly once: no two occurrences share an identity, and each has one of the five states.
        const keys = occurrences.map(occurrenceKeyText);
        expect(new Set(keys).size).toBe(keys.length);
        const stateOf = new Map(occurrences.map((o) => [occurrenceKeyText(o), occurrenceState(o, rules)]));
        for (const state of stateOf.values()) expect(STATES).toContain(state);

        const result = computeForecast(forecastInput);
        const leaves = leavesOf(result);
        // The overdue rows are exactly the overdue occurrences, each once.
        const overdueLeaves = leaves.filter((leaf) => leaf.overdueDate !== undefined);
        const overdue = occurrences.filter((o) => stateOf.get(occurrenceKeyText(o)) === 'overdue');
        expect(
          overdueLeaves
            .map((leaf) =>
              keyAndAmount({
                kind: leaf.relatedTable,
                id: leaf.relatedId,
                dueDate: leaf.overdueDate!,
                amount: leaf.amount,
              }),
            )
            .sort(),
        ).toEqual(overdue.map(keyAndAmount).sort());
        // The regular cells of each month hold exactly its open occurrences: never one matched,
        // dismissed, before the coverage or overdue.
        result.months.forEach((month, index) => {
          const regular = leaves
            .filter((leaf) => leaf.month === month.month && leaf.overdueDate === undefined)
            .reduce((sum, leaf) => sum + leaf.amount, 0);
          const open = occurrences
            .filter((o) => o.dueDate.startsWith(month.month) && stateOf.get(occurrenceKeyText(o)) === 'open')
            .reduce((sum, o) => sum + o.amount, 0);
          expect(regular, month.month).toBe(open);
          const overdueSum = index === 0 ? overdue.reduce((sum, o) => sum + o.amount, 0) : 0;
          expect(month.revenue + month.expense, month.month).toBe(open + overdueSum);
        });

        // Any month read alone (drill-down, Plan/Ist, suggestions) lists what the whole list has.
        const months = [...new Set(occurrences.map((o) => o.dueDate.slice(0, 7)))];
        const month = months[pick % Math.max(months.length, 1)];
        if (month !== undefined) {
          const first = `${month}-01`;
          const last = monthEnd(parseDay(first).monthIndex);
          const alone = plannedOccurrences(forecastInput, first, last);
          const sorted = (list: readonly PlannedOccurrence[]) => list.map(keyAndAmount).sort();
          expect(sorted(alone)).toEqual(sorted(occurrences.filter((o) => o.dueDate >= first && o.dueDate <= last)));
        }
      }),
      { numRuns: 150 },
    );
  });
});
