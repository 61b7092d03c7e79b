import { describe, expect, it } from 'vitest';
import { seriesRows } from './series-rows.js';

describe('seriesRows (docs/scenarios.md "Promote")', () => {
  it('turns equal payments in the rhythm into one repeating row, the rest into singles', () => {
    expect(
      seriesRows(
        [
          { date: '2027-02-15', amount: -1_000 },
          { date: '2027-03-15', amount: -34_002 },
          { date: '2027-04-15', amount: -34_002 },
          { date: '2027-05-15', amount: -34_003 },
        ],
        'monthly',
      ),
    ).toEqual([
      { startDate: '2027-02-15', endDate: null, cycle: null, amount: -1_000 },
      { startDate: '2027-03-15', endDate: '2027-04-15', cycle: 'monthly', amount: -34_002 },
      { startDate: '2027-05-15', endDate: null, cycle: null, amount: -34_003 },
    ]);
  });

  it('keeps exact days: a month-end series stays one row, shifted days that leave the rhythm do not', () => {
    // The 31st moved by a day is always the 1st: one row.
    expect(
      seriesRows(
        [
          { date: '2027-02-01', amount: 5 },
          { date: '2027-03-01', amount: 5 },
          { date: '2027-04-01', amount: 5 },
        ],
        'monthly',
      ),
    ).toEqual([{ startDate: '2027-02-01', endDate: '2027-04-01', cycle: 'monthly', amount: 5 }]);
    // The 1st moved by 60 days: 02.03., 02.04., 30.04. — the third leaves the rhythm.
    expect(
      seriesRows(
        [
          { date: '2027-03-02', amount: 5 },
          { date: '2027-04-02', amount: 5 },
          { date: '2027-04-30', amount: 5 },
        ],
        'monthly',
      ),
    ).toEqual([
      { startDate: '2027-03-02', endDate: '2027-04-02', cycle: 'monthly', amount: 5 },
      { startDate: '2027-04-30', endDate: null, cycle: null, amount: 5 },
    ]);
  });

  it('lets the last row go on when the series continues, and answers nothing for no payments', () => {
    expect(seriesRows([{ date: '2032-01-10', amount: 7 }], 'quarterly', { endDate: null })).toEqual([
      { startDate: '2032-01-10', endDate: null, cycle: 'quarterly', amount: 7 },
    ]);
    expect(seriesRows([], 'monthly', { endDate: null })).toEqual([]);
  });
});
