import { describe, expect, it } from 'vitest';
import { computeForecast } from './compute-forecast.js';
import { ForecastModel } from './forecast-model.js';
import { aTransaction, amountsOf, anInput, leavesOf } from './test-builders.js';

// docs/recurring.md "Payment delays": today 2026-03-17, a monthly payment on the 30th of −1'000.00.
const rent = (delayDays?: number) =>
  aTransaction({
    startDate: '2026-01-30',
    cycle: 'monthly',
    name: 'Miete',
    ...(delayDays === undefined ? {} : { delayDays }),
  });

describe('learned delays in the forecast', () => {
  it('counts the future occurrences that many days later, in the result only', () => {
    const input = anInput({ today: '2026-03-17', months: 4, transactions: [rent(3)] });
    // 30.3. + 3 = 2.4., 30.4. → 3.5., 30.5. → 2.6., 30.6. → 3.7. (past the 4 months: left out).
    expect(amountsOf(computeForecast(input), 'transactions', 1)).toEqual({
      '2026-04': -100_000,
      '2026-05': -100_000,
      '2026-06': -100_000,
    });
    const names = leavesOf(computeForecast(input)).map((leaf) => leaf.name);
    expect(new Set(names)).toEqual(new Set(['Miete (gelernte Verzögerung: 3 Tage später)']));
    // The plan keeps its due dates (plan vs actual reads them): 30.3. is still planned in March.
    const model = ForecastModel.build(input);
    model.result({ months: 4, performance: 100 });
    expect(model.occurrences('2026-03-01', '2026-04-30').map((o) => o.dueDate)).toEqual(['2026-03-30', '2026-04-30']);
    // And a second result is the same: the cells were put back.
    expect(amountsOf(model.result({ months: 4, performance: 100 }), 'transactions', 1)).toEqual({
      '2026-04': -100_000,
      '2026-05': -100_000,
      '2026-06': -100_000,
    });
  });

  it('moves an occurrence earlier, never before the first month; without a delay nothing moves', () => {
    const early = anInput({
      today: '2026-03-17',
      months: 3,
      transactions: [aTransaction({ startDate: '2026-01-02', cycle: 'monthly', delayDays: -5 })],
    });
    // 2.4. − 5 = 28.3., 2.5. → 27.4.; 2.3. is before today and not counted.
    expect(amountsOf(computeForecast(early), 'transactions', 1)).toEqual({ '2026-03': -100_000, '2026-04': -100_000 });
    const plain = anInput({ today: '2026-03-17', months: 4, transactions: [rent()] });
    expect(amountsOf(computeForecast(plain), 'transactions', 1)).toEqual({
      '2026-03': -100_000,
      '2026-04': -100_000,
      '2026-05': -100_000,
      '2026-06': -100_000,
    });
  });
});
