import { anchorStep, daysInMonth, isIsoDate, isIsoMonth } from '@saldopilot/shared';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { daysOfMonthIndex, monthKeyOf, parseDay, parseMonthIndex } from './horizon.js';
import { forEachOccurrence, occurrenceSeries } from './occurrences.js';

const dateOf = (monthIndex: number, day: number) => `${monthKeyOf(monthIndex)}-${String(day).padStart(2, '0')}`;

function occurrences(start: string, step: number, end: string | null, from: number, to: number): string[] {
  const found: string[] = [];
  forEachOccurrence(occurrenceSeries(start, step, end), from, to, (month, day) => found.push(dateOf(month, day)));
  return found;
}

describe('integer month arithmetic (the shortcuts of the hot loops)', () => {
  it('daysOfMonthIndex equals the shared daysInMonth over four centuries', () => {
    for (let index = 1900 * 12; index < 2300 * 12; index++) {
      expect(daysOfMonthIndex(index)).toBe(daysInMonth(Math.floor(index / 12), (index % 12) + 1));
    }
  });

  it.each(['2026-02-29', '2026-13-01', '2026-00-10', '2026-1-01', '20260101', 'abcd-ef-gh', '2026-04-31', ''])(
    'parseDay refuses %j',
    (text) => {
      expect(isIsoDate(text)).toBe(false);
      expect(() => parseDay(text)).toThrow(RangeError);
    },
  );

  it('parseDay and monthKeyOf agree with the shared validation for any date', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('1900-01-01'), max: new Date('2200-12-31'), noInvalidDate: true }), (d) => {
        const text = d.toISOString().slice(0, 10);
        const point = parseDay(text);
        expect(dateOf(point.monthIndex, point.day)).toBe(text);
        expect(parseMonthIndex(text.slice(0, 7))).toBe(point.monthIndex);
      }),
    );
  });

  it.each(['2026-13', '2026-1', '202601', ''])('parseMonthIndex refuses %j', (text) => {
    expect(isIsoMonth(text)).toBe(false);
    expect(() => parseMonthIndex(text)).toThrow(RangeError);
  });
});

describe('forEachOccurrence', () => {
  const m = (month: string) => parseMonthIndex(month);

  it.each([
    { start: '2026-01-31', step: 1, end: null, expected: ['2026-01-31', '2026-02-28', '2026-03-31', '2026-04-30'] },
    { start: '2026-02-28', step: 1, end: null, expected: ['2026-02-28', '2026-03-28', '2026-04-28'] },
    { start: '2024-02-29', step: 12, end: null, expected: ['2025-02-28', '2026-02-28'] },
    { start: '2025-11-30', step: 3, end: null, expected: ['2025-11-30', '2026-02-28'] },
    { start: '2026-01-31', step: 1, end: '2026-03-30', expected: ['2026-01-31', '2026-02-28'] },
    { start: '2026-01-31', step: 1, end: '2026-03-31', expected: ['2026-01-31', '2026-02-28', '2026-03-31'] },
    { start: '2026-03-15', step: 0, end: '2026-01-01', expected: ['2026-03-15'] },
    { start: '2024-12-15', step: 0, end: null, expected: [] },
  ])('$start every $step months until $end, in 2025-01 … 2026-04', ({ start, step, end, expected }) => {
    expect(occurrences(start, step, end, m('2025-01'), m('2026-04'))).toEqual(expected);
  });

  it('equals stepping with the shared anchorStep from the start', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2000 * 12, max: 2040 * 12 }),
        fc.integer({ min: 1, max: 31 }),
        fc.constantFrom(1, 3, 6, 12),
        fc.integer({ min: 0, max: 200 }),
        fc.integer({ min: 0, max: 80 }),
        (startMonth, rawDay, step, fromShift, length) => {
          const start = dateOf(startMonth, Math.min(rawDay, daysOfMonthIndex(startMonth)));
          const from = startMonth + fromShift - 100;
          const to = from + length;
          const expected: string[] = [];
          for (let date = start; parseMonthIndex(date.slice(0, 7)) <= to; date = anchorStep(start, date, step)) {
            if (parseMonthIndex(date.slice(0, 7)) >= from) expected.push(date);
          }
          expect(occurrences(start, step, null, from, to)).toEqual(expected);
        },
      ),
    );
  });
});
