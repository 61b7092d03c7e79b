import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, cycleMonths, type Cycle } from '@saldopilot/shared';
import { computeForecast } from './compute-forecast.js';
import { forEachChangedOccurrence, scaledAmount } from './occurrence-changes.js';
import { occurrenceSeries } from './occurrences.js';
import { occurrenceDates } from './scenario-levers.js';
import { aTransaction, anInput } from './test-builders.js';
import type { ForecastTransaction, OccurrenceChange } from './types.js';

// docs/scenarios.md "Implementation": delays and percentages applied while the occurrences are
// generated must give exactly what a single row per changed occurrence gave.

/** The reference: the changes applied to one occurrence with the date texts of the shared helpers. */
function changed(date: string, amount: number, changes: readonly OccurrenceChange[]) {
  let day = date;
  let paid = amount;
  for (const change of changes) {
    if (day < change.from) continue;
    if (change.kind === 'shift') day = addDays(day, change.days);
    else if (change.to === null || day <= change.to) paid = scaledAmount(paid, change.percent);
  }
  return { date: day, amount: paid };
}

/** The transaction as rows: itself before the earliest change, then one single row per occurrence. */
function asRows(transaction: ForecastTransaction, until: string): ForecastTransaction[] {
  const changes = transaction.occurrenceChanges ?? [];
  const { occurrenceChanges: _changes, ...plain } = transaction;
  const from = changes.map((change) => change.from).sort()[0] as string;
  const head: ForecastTransaction[] =
    plain.startDate >= from
      ? []
      : [
          plain.type === 'single'
            ? plain
            : { ...plain, endDate: plain.endDate && plain.endDate < from ? plain.endDate : addDays(from, -1) },
        ];
  const singles = occurrenceDates(plain, from, until).map((date) => {
    const occurrence = changed(date, plain.amount, changes);
    return {
      ...plain,
      type: 'single' as const,
      cycle: null,
      endDate: null,
      startDate: occurrence.date,
      amount: occurrence.amount,
    };
  });
  return [...head, ...singles];
}

describe('forEachChangedOccurrence (docs/scenarios.md "Implementation")', () => {
  const visited = (transaction: ForecastTransaction, changes: OccurrenceChange[], from: number, to: number) => {
    const step = transaction.type === 'single' ? 0 : cycleMonths[transaction.cycle as Cycle];
    const out: string[] = [];
    forEachChangedOccurrence(
      occurrenceSeries(transaction.startDate, step, transaction.endDate),
      transaction.amount,
      changes,
      from,
      to,
      (month, day, amount) =>
        out.push(
          `${Math.floor(month / 12)}-${String((month % 12) + 1).padStart(2, '0')}-${String(day).padStart(2, '0')} ${amount}`,
        ),
    );
    return out;
  };
  const month = (text: string) => Number(text.slice(0, 4)) * 12 + Number(text.slice(5, 7)) - 1;

  it('shifts across a year end and scales in order: −10 % then a delay of 45 days', () => {
    // Monthly on the 31st (clamped to 30 and 28/29): November 30 + 45 days = 14 January.
    const rent = aTransaction({ startDate: '2026-10-31', amount: -100_001 });
    const changes: OccurrenceChange[] = [
      { kind: 'scale', from: '2026-11-01', to: '2026-12-31', percent: -10 },
      { kind: 'shift', from: '2026-11-15', days: 45 },
    ];
    expect(visited(rent, changes, month('2026-10'), month('2027-02'))).toEqual([
      '2026-10-31 -100001',
      // −1'000.01 × 0.9 = −900.009 → −900.01 (once); 30.11. + 45 = 14.01., 31.12. + 45 = 14.02.
      '2027-01-14 -90001',
      '2027-02-14 -90001',
    ]);
  });

  it('an occurrence due before the window that a shift moves into it is there', () => {
    // 20.03. + 60 days = 19.05.; 20.02. and 20.04. land in April and June.
    const fee = aTransaction({ startDate: '2026-01-20', amount: 5_000 });
    expect(visited(fee, [{ kind: 'shift', from: '2026-01-01', days: 60 }], month('2026-05'), month('2026-05'))).toEqual(
      ['2026-05-19 5000'],
    );
  });

  it('moves a date as addDays does, over leap years and year ends', () => {
    for (let date = '2027-01-01'; date <= '2029-01-05'; date = addDays(date, 1)) {
      for (const days of [1, 28, 29, 31, 59, 200, 365]) {
        const once = aTransaction({ type: 'single', cycle: null, startDate: date, amount: 1 });
        expect(visited(once, [{ kind: 'shift', from: date, days }], month('2026-01'), month('2031-12'))).toEqual([
          `${addDays(date, days)} 1`,
        ]);
      }
    }
  });

  it('equals a single row per occurrence in the forecast, VAT included', () => {
    const day = fc.integer({ min: 0, max: 900 }).map((offset) => addDays('2025-06-01', offset));
    const change: fc.Arbitrary<OccurrenceChange> = fc.oneof(
      fc.record({ kind: fc.constant('shift' as const), from: day, days: fc.integer({ min: 1, max: 365 }) }),
      fc.record({
        kind: fc.constant('scale' as const),
        from: day,
        to: fc.option(day, { nil: null }),
        percent: fc.integer({ min: -10_000, max: 50_000 }).map((hundredths) => hundredths / 100),
      }),
    );
    const transaction = fc.record({
      amount: fc.integer({ min: -500_000, max: 500_000 }).filter((amount) => amount !== 0),
      startDate: day,
      cycle: fc.constantFrom<Cycle | null>(null, 'monthly', 'quarterly', 'biannually', 'yearly'),
      vatBasisPoints: fc.constantFrom(null, 810, 260),
      vatIncluded: fc.boolean(),
      changes: fc.array(change, { minLength: 1, maxLength: 4 }),
    });
    const vatSetting = { enabled: true, billingDate: '2026-01-01', interval: 'quarterly', transactionMonthOffset: 1 };
    fc.assert(
      fc.property(transaction, ({ cycle, changes, ...row }) => {
        const changedRow = aTransaction({
          ...row,
          type: cycle ? 'repeating' : 'single',
          cycle,
          occurrenceChanges: changes,
        });
        const input = anInput({ months: 24, vatSetting, transactions: [changedRow] });
        const until = '2028-02-29';
        const rows = anInput({ months: 24, vatSetting, transactions: asRows(changedRow, until) });
        expect(computeForecast(input)).toEqual(computeForecast(rows));
      }),
      { numRuns: 300 },
    );
  });
});
