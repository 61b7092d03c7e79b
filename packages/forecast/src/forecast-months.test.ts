import { describe, expect, it } from 'vitest';
import { forecastMonths } from './index.js';

describe('forecastMonths', () => {
  it.each([
    { today: '2026-11-22', months: 1, expected: ['2026-11'] },
    { today: '2026-11-22', months: 3, expected: ['2026-11', '2026-12', '2027-01'] },
    { today: '2026-01-31', months: 2, expected: ['2026-01', '2026-02'] },
    { today: '2028-02-29', months: 2, expected: ['2028-02', '2028-03'] },
    {
      today: '2026-01-01',
      months: 13,
      expected: [
        '2026-01',
        '2026-02',
        '2026-03',
        '2026-04',
        '2026-05',
        '2026-06',
        '2026-07',
        '2026-08',
        '2026-09',
        '2026-10',
        '2026-11',
        '2026-12',
        '2027-01',
      ],
    },
  ])('$today, $months months -> $expected', ({ today, months, expected }) => {
    expect(forecastMonths(today, months)).toEqual(expected);
  });

  it('covers 60 months, the upper limit, ending 59 months after the current one', () => {
    const result = forecastMonths('2026-12-15', 60);
    expect(result).toHaveLength(60);
    expect(result[0]).toBe('2026-12');
    expect(result[59]).toBe('2031-11');
  });

  it.each([0, 61, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY])('rejects months = %s', (months) => {
    expect(() => forecastMonths('2026-11-22', months)).toThrow(RangeError);
  });

  it.each(['2026-02-30', '2026-11', '22.11.2026', ''])('rejects today = %j', (today) => {
    expect(() => forecastMonths(today, 13)).toThrow(RangeError);
  });
});
