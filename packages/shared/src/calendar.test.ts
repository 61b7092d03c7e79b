import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  dateOfDayNumber,
  dayNumber,
  daysBetween,
  addMonthsToMonth,
  lastDayOfMonth,
  compareDates,
  daysInMonth,
  formatDate,
  formatInstantInZurich,
  formatMonthLabel,
  isIsoDate,
  isIsoMonth,
  monthOf,
  monthRange,
  zurichDateOf,
} from './calendar.js';

describe('isIsoDate', () => {
  it.each([
    ['2026-01-01', true],
    ['2026-12-31', true],
    ['2028-02-29', true],
    ['2000-02-29', true],
    ['2026-02-28', true],
    ['2026-02-29', false],
    ['1900-02-29', false],
    ['2026-02-30', false],
    ['2026-04-31', false],
    ['2026-13-01', false],
    ['2026-00-10', false],
    ['2026-01-00', false],
    ['2026-1-01', false],
    ['26-01-01', false],
    ['2026-01-01T00:00:00Z', false],
    [' 2026-01-01', false],
    ['01.01.2026', false],
    ['', false],
  ])('%j -> %s', (input, expected) => {
    expect(isIsoDate(input)).toBe(expected);
  });
});

describe('isIsoMonth', () => {
  it.each([
    ['2026-01', true],
    ['2026-12', true],
    ['2026-00', false],
    ['2026-13', false],
    ['2026-1', false],
    ['2026-01-01', false],
    ['', false],
  ])('%j -> %s', (input, expected) => {
    expect(isIsoMonth(input)).toBe(expected);
  });
});

describe('daysInMonth', () => {
  it.each([
    [2026, 1, 31],
    [2026, 2, 28],
    [2028, 2, 29],
    [2100, 2, 28],
    [2000, 2, 29],
    [2026, 4, 30],
    [2026, 6, 30],
    [2026, 7, 31],
    [2026, 9, 30],
    [2026, 11, 30],
    [2026, 12, 31],
  ])('%s-%s has %s days', (year, month, expected) => {
    expect(daysInMonth(year, month)).toBe(expected);
  });

  it.each([
    [2026, 0],
    [2026, 13],
    [2026, 1.5],
    [2026.5, 1],
  ])('rejects %s-%s', (year, month) => {
    expect(() => daysInMonth(year, month)).toThrow(RangeError);
  });
});

describe('addMonths', () => {
  it.each([
    { date: '2026-01-15', n: 1, anchor: undefined, expected: '2026-02-15' },
    { date: '2026-01-31', n: 1, anchor: undefined, expected: '2026-02-28' },
    { date: '2028-01-31', n: 1, anchor: undefined, expected: '2028-02-29' },
    { date: '2026-01-31', n: 3, anchor: undefined, expected: '2026-04-30' },
    { date: '2026-03-31', n: -1, anchor: undefined, expected: '2026-02-28' },
    { date: '2026-11-30', n: 2, anchor: undefined, expected: '2027-01-30' },
    { date: '2026-01-10', n: -1, anchor: undefined, expected: '2025-12-10' },
    { date: '2026-05-20', n: 0, anchor: undefined, expected: '2026-05-20' },
    { date: '2026-05-20', n: 24, anchor: undefined, expected: '2028-05-20' },
    { date: '2026-05-20', n: -13, anchor: undefined, expected: '2025-04-20' },
    // a series keeps its anchor day after a short month
    { date: '2026-02-28', n: 1, anchor: 31, expected: '2026-03-31' },
    { date: '2026-02-28', n: 2, anchor: 31, expected: '2026-04-30' },
    { date: '2026-04-30', n: 1, anchor: 31, expected: '2026-05-31' },
    { date: '2027-11-30', n: 3, anchor: 29, expected: '2028-02-29' },
    { date: '2026-01-31', n: 1, anchor: 15, expected: '2026-02-15' },
  ])('$date + $n (anchor $anchor) -> $expected', ({ date, n, anchor, expected }) => {
    expect(addMonths(date, n, anchor)).toBe(expected);
  });

  it.each([
    { date: '2026-02-30', n: 1, anchor: undefined },
    { date: '2026-01-01', n: 1.5, anchor: undefined },
    { date: '2026-01-01', n: 1, anchor: 0 },
    { date: '2026-01-01', n: 1, anchor: 32 },
    { date: '9999-12-01', n: 1, anchor: undefined },
  ])('rejects $date + $n (anchor $anchor)', ({ date, n, anchor }) => {
    expect(() => addMonths(date, n, anchor)).toThrow(RangeError);
  });
});

describe('monthOf', () => {
  it.each([
    ['2026-01-31', '2026-01'],
    ['2028-02-29', '2028-02'],
  ])('%s -> %s', (input, expected) => {
    expect(monthOf(input)).toBe(expected);
  });

  it.each(['2026-02-30', '2026-02', 'x'])('rejects %j', (input) => {
    expect(() => monthOf(input)).toThrow(RangeError);
  });
});

describe('lastDayOfMonth', () => {
  it.each([
    ['2026-01', '2026-01-31'],
    ['2026-02', '2026-02-28'],
    ['2028-02', '2028-02-29'],
    ['2026-04', '2026-04-30'],
    ['2026-12', '2026-12-31'],
  ])('%s -> %s', (month, expected) => {
    expect(lastDayOfMonth(month)).toBe(expected);
  });

  it('rejects what is not a month', () => {
    expect(() => lastDayOfMonth('2026-13')).toThrow(RangeError);
    expect(() => lastDayOfMonth('2026-01-01')).toThrow(RangeError);
  });
});

describe('addMonthsToMonth', () => {
  it.each([
    ['2026-11', 3, '2027-02'],
    ['2026-01', -1, '2025-12'],
    ['2026-12', 1, '2027-01'],
    ['2026-05', 0, '2026-05'],
    ['2026-05', -17, '2024-12'],
    ['2026-01', 59, '2030-12'],
  ])('%s + %s -> %s', (month, n, expected) => {
    expect(addMonthsToMonth(month, n)).toBe(expected);
  });

  it.each([
    ['2026-13', 1],
    ['2026-01-01', 1],
    ['2026-01', 0.5],
  ])('rejects %s + %s', (month, n) => {
    expect(() => addMonthsToMonth(month, n)).toThrow(RangeError);
  });
});

describe('monthRange', () => {
  it.each([
    ['2026-11', 0, []],
    ['2026-11', 1, ['2026-11']],
    ['2026-11', 3, ['2026-11', '2026-12', '2027-01']],
    ['2027-12', 2, ['2027-12', '2028-01']],
  ])('%s x %s -> %j', (start, count, expected) => {
    expect(monthRange(start, count)).toEqual(expected);
  });

  it.each([
    ['2026-11', -1],
    ['2026-11', 2.5],
    ['2026-00', 1],
  ])('rejects %s x %s', (start, count) => {
    expect(() => monthRange(start, count)).toThrow(RangeError);
  });
});

describe('compareDates', () => {
  it.each([
    ['2026-01-01', '2026-01-02', -1],
    ['2026-01-02', '2026-01-01', 1],
    ['2026-01-01', '2026-01-01', 0],
    ['2025-12-31', '2026-01-01', -1],
    ['2026-09-30', '2026-10-01', -1],
    ['2026-09', '2026-10', -1],
  ])('%s vs %s -> %s', (a, b, expected) => {
    expect(compareDates(a, b)).toBe(expected);
  });

  it('sorts chronologically', () => {
    expect(['2026-10-01', '2025-12-31', '2026-02-01', '2026-01-15'].sort(compareDates)).toEqual([
      '2025-12-31',
      '2026-01-15',
      '2026-02-01',
      '2026-10-01',
    ]);
  });
});

describe('zurichDateOf', () => {
  it.each([
    // winter: UTC+1
    ['2026-11-21T22:59:59Z', '2026-11-21'],
    ['2026-11-21T23:00:00Z', '2026-11-22'],
    ['2026-11-21T23:30:00Z', '2026-11-22'],
    ['2026-12-31T23:00:00Z', '2027-01-01'],
    // summer: UTC+2
    ['2026-07-14T21:59:59Z', '2026-07-14'],
    ['2026-07-14T22:00:00Z', '2026-07-15'],
    // DST changes (29 March and 25 October 2026)
    ['2026-03-28T23:00:00Z', '2026-03-29'],
    ['2026-03-29T21:59:00Z', '2026-03-29'],
    ['2026-03-29T22:00:00Z', '2026-03-30'],
    ['2026-10-25T22:59:00Z', '2026-10-25'],
    ['2026-10-25T23:00:00Z', '2026-10-26'],
    ['2028-02-28T23:00:00Z', '2028-02-29'],
  ])('%s -> %s', (instant, expected) => {
    expect(zurichDateOf(new Date(instant))).toBe(expected);
  });

  it('rejects an invalid Date', () => {
    expect(() => zurichDateOf(new Date('nonsense'))).toThrow(RangeError);
  });
});

describe('formatDate', () => {
  it.each([
    ['2026-03-05', '05.03.2026'],
    ['2026-12-31', '31.12.2026'],
    ['2028-02-29', '29.02.2028'],
  ])('%s -> %s', (input, expected) => {
    expect(formatDate(input)).toBe(expected);
  });

  it.each(['2026-02-30', '05.03.2026', ''])('rejects %j', (input) => {
    expect(() => formatDate(input)).toThrow(RangeError);
  });
});

describe('formatInstantInZurich', () => {
  it.each([
    ['2026-11-21T23:30:00Z', '22.11.2026'],
    ['2026-11-21T23:30:00.000+00:00', '22.11.2026'],
    ['2026-11-22T00:30:00+01:00', '22.11.2026'],
    ['2026-07-14T12:00:00Z', '14.07.2026'],
    ['2026-12-31T23:15:00Z', '01.01.2027'],
  ])('%s -> %s', (input, expected) => {
    expect(formatInstantInZurich(input)).toBe(expected);
  });

  it.each(['nonsense', ''])('rejects %j', (input) => {
    expect(() => formatInstantInZurich(input)).toThrow(RangeError);
  });
});

describe('formatMonthLabel', () => {
  it.each([
    ['2026-01', 'Januar 2026'],
    ['2026-02', 'Februar 2026'],
    ['2026-03', 'März 2026'],
    ['2026-04', 'April 2026'],
    ['2026-05', 'Mai 2026'],
    ['2026-06', 'Juni 2026'],
    ['2026-07', 'Juli 2026'],
    ['2026-08', 'August 2026'],
    ['2026-09', 'September 2026'],
    ['2026-10', 'Oktober 2026'],
    ['2026-11', 'November 2026'],
    ['2027-12', 'Dezember 2027'],
  ])('%s -> %s', (input, expected) => {
    expect(formatMonthLabel(input)).toBe(expected);
  });

  it.each(['2026-13', '2026-01-01', 'Januar'])('rejects %j', (input) => {
    expect(() => formatMonthLabel(input)).toThrow(RangeError);
  });
});

describe('day arithmetic', () => {
  it('counts days across months, leap years and centuries, and back', () => {
    expect(dayNumber('1970-01-01')).toBe(0);
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2100-02-28', 1)).toBe('2100-03-01');
    expect(addDays('2026-01-05', -10)).toBe('2025-12-26');
    expect(daysBetween('2026-10-30', '2026-11-02')).toBe(3);
    for (let day = -600_000; day <= 400_000; day += 997) expect(dayNumber(dateOfDayNumber(day))).toBe(day);
    for (const date of ['1900-03-01', '2000-02-29', '2026-12-31', '2999-12-31']) {
      expect(dateOfDayNumber(dayNumber(date))).toBe(date);
      expect(dayNumber(date) * 86_400_000).toBe(Date.parse(`${date}T00:00:00Z`));
    }
  });
});
