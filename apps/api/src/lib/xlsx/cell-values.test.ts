import { describe, expect, it } from 'vitest';
import { columnName } from './cell-address.js';
import { excelSerial } from './excel-date.js';
import { numberText } from './number-text.js';

describe('numberText', () => {
  it('writes the same text as String() for amounts in cents, whole numbers and other doubles', () => {
    const values = [0, -0, 1, -1, 0.1, 0.01, -0.05, 0.3, 1234.5, -9920.81, 0.1 + 0.2, 123.456, 1e-7, 1e21, 2 ** 53];
    for (let cents = -100_000; cents <= 100_000; cents += 7) values.push(cents / 100);
    // Around the largest amount Excel keeps exactly (9'999'999'999'999.99), and beyond it.
    for (let cents = 999_999_999_990_000; cents <= 1_000_000_000_010_000; cents += 97) values.push(cents / 100);
    for (let cents = 9_007_199_254_740_000; cents < 9_007_199_254_740_991; cents += 97) values.push(-cents / 100);
    // Every magnitude up to 15 digits, from a fixed pseudo-random sequence.
    let seed = 12_345;
    for (let digits = 1; digits <= 15; digits += 1) {
      for (let index = 0; index < 2_000; index += 1) {
        seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
        const cents = Math.floor((seed / 2_147_483_648) * 10 ** digits);
        values.push(cents / 100, -cents / 100);
      }
    }
    expect(values.map(numberText)).toEqual(values.map(String));
  });

  it('refuses what no cell can hold', () => {
    for (const value of [Number.NaN, Infinity, -Infinity]) expect(() => numberText(value)).toThrow(RangeError);
  });
});

describe('excelSerial', () => {
  const day = (date: string) => excelSerial(new Date(`${date}Z`));

  it('counts days as Excel does, with its 29 February 1900, the time of day as the fraction', () => {
    expect(day('1900-01-01T00:00:00')).toBe(1);
    expect(day('1900-02-28T00:00:00')).toBe(59);
    expect(day('1900-03-01T00:00:00')).toBe(61);
    expect(day('2000-01-01T00:00:00')).toBe(36_526);
    expect(day('2026-11-21T00:00:00')).toBe(46_347);
    expect(day('2026-11-21T18:00:00')).toBe(46_347.75);
    expect(day('9999-12-31T00:00:00')).toBe(2_958_465);
  });

  it('refuses dates Excel cannot show', () => {
    for (const date of [new Date('1899-12-31T00:00:00Z'), new Date('+010000-01-01T00:00:00Z'), new Date('x')]) {
      expect(() => excelSerial(date)).toThrow(RangeError);
    }
  });
});

describe('columnName', () => {
  it('names columns as Excel does, up to its last column XFD', () => {
    expect([0, 1, 25, 26, 27, 51, 52, 701, 702, 16_383].map(columnName)).toEqual([
      'A',
      'B',
      'Z',
      'AA',
      'AB',
      'AZ',
      'BA',
      'ZZ',
      'AAA',
      'XFD',
    ]);
    expect(() => columnName(16_384)).toThrow(RangeError);
    expect(() => columnName(-1)).toThrow(RangeError);
  });
});
