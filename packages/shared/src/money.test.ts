import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  AMOUNT_MAX_CENTS,
  AmountOverflowError,
  convertToBase,
  exactSum,
  formatAmount,
  parseAmount,
  roundHalfAwayFromZero,
  toCents,
} from './money.js';

describe('exactSum', () => {
  it('passes exact sums and refuses one beyond 2^53 as AmountOverflowError (a RangeError)', () => {
    expect(exactSum(Number.MAX_SAFE_INTEGER, 'x')).toBe(Number.MAX_SAFE_INTEGER);
    expect(exactSum(-5, 'x')).toBe(-5);
    expect(() => exactSum(Number.MAX_SAFE_INTEGER + 1, 'The total')).toThrow(AmountOverflowError);
    expect(() => exactSum(Number.MIN_SAFE_INTEGER - 2, 'The total')).toThrow(RangeError);
  });
});

describe('toCents', () => {
  it.each([
    [0, 0],
    [-0, 0],
    [123450, 123450],
    [-1, -1],
    [Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
    [Number.MIN_SAFE_INTEGER, Number.MIN_SAFE_INTEGER],
  ])('%s -> %s', (input, expected) => {
    expect(toCents(input)).toBe(expected);
  });

  it.each([0.5, 12.34, Number.NaN, Number.POSITIVE_INFINITY, Number.MAX_SAFE_INTEGER + 1])('rejects %s', (input) => {
    expect(() => toCents(input)).toThrow(RangeError);
  });
});

describe('roundHalfAwayFromZero', () => {
  it.each([
    [0, 0],
    [0.4, 0],
    [-0.4, 0],
    [0.5, 1],
    [-0.5, -1],
    [1.5, 2],
    [-1.5, -2],
    [2.5, 3],
    [-2.5, -3],
    [2.4999, 2],
    [-2.5001, -3],
    [18517.5, 18518],
    [-18517.5, -18518],
    [7, 7],
    [-7, -7],
  ])('%s -> %s', (input, expected) => {
    expect(roundHalfAwayFromZero(input)).toBe(expected);
  });

  it('passes NaN and infinities through', () => {
    expect(roundHalfAwayFromZero(Number.NaN)).toBeNaN();
    expect(roundHalfAwayFromZero(Number.POSITIVE_INFINITY)).toBe(Number.POSITIVE_INFINITY);
    expect(roundHalfAwayFromZero(Number.NEGATIVE_INFINITY)).toBe(Number.NEGATIVE_INFINITY);
  });
});

describe('convertToBase', () => {
  it.each([
    // 100.00 EUR at 0.94 EUR per CHF = 106.38 CHF (106.3829...)
    { amount: 10000, rate: 0.94, expected: 10638 },
    { amount: -10000, rate: 0.94, expected: -10638 },
    // exact ties go away from zero: 5 / 2 = 2.5, -5 / 2 = -2.5
    { amount: 5, rate: 2, expected: 3 },
    { amount: -5, rate: 2, expected: -3 },
    { amount: 1, rate: 0.4, expected: 3 },
    { amount: 123450, rate: 1, expected: 123450 },
    { amount: 0, rate: 1.1, expected: 0 },
    { amount: 100000, rate: 157.3, expected: 636 },
    // no rate: unchanged (docs/design.md "Currencies")
    { amount: 123450, rate: undefined, expected: 123450 },
    { amount: -99, rate: null, expected: -99 },
  ])('$amount at rate $rate -> $expected', ({ amount, rate, expected }) => {
    expect(convertToBase(amount, rate)).toBe(expected);
  });

  it.each([0, -1, Number.NaN, Number.POSITIVE_INFINITY])('rejects rate %s', (rate) => {
    expect(() => convertToBase(100, rate)).toThrow(RangeError);
  });

  it('rejects an amount that is not whole cents', () => {
    expect(() => convertToBase(10.5, 1)).toThrow(RangeError);
  });

  it('refuses a converted amount beyond the exact range with AmountOverflowError', () => {
    // The largest balance in CHF, at about 20,955 IDR per CHF.
    expect(() => convertToBase(AMOUNT_MAX_CENTS, 1 / 20_955)).toThrow(AmountOverflowError);
    expect(() => convertToBase(-AMOUNT_MAX_CENTS, 1 / 20_955)).toThrow(AmountOverflowError);
    expect(convertToBase(AMOUNT_MAX_CENTS, 0.5)).toBe(2 * AMOUNT_MAX_CENTS);
  });
});

describe('formatAmount', () => {
  it.each([
    { cents: 123450, code: 'CHF', expected: "1'234.50 CHF" },
    { cents: -123450, code: 'CHF', expected: "-1'234.50 CHF" },
    { cents: 123450, code: undefined, expected: "1'234.50" },
    { cents: 123450, code: '', expected: "1'234.50" },
    { cents: 0, code: 'CHF', expected: '0.00 CHF' },
    { cents: -0, code: undefined, expected: '0.00' },
    { cents: 1, code: 'EUR', expected: '0.01 EUR' },
    { cents: -1, code: 'EUR', expected: '-0.01 EUR' },
    { cents: 5, code: undefined, expected: '0.05' },
    { cents: 99999, code: undefined, expected: '999.99' },
    { cents: 100000, code: undefined, expected: "1'000.00" },
    { cents: -12345678900, code: 'USD', expected: "-123'456'789.00 USD" },
    { cents: 100000000000, code: undefined, expected: "1'000'000'000.00" },
    { cents: Number.MAX_SAFE_INTEGER, code: undefined, expected: "90'071'992'547'409.91" },
    { cents: Number.MIN_SAFE_INTEGER, code: 'CHF', expected: "-90'071'992'547'409.91 CHF" },
  ])('$cents $code -> $expected', ({ cents, code, expected }) => {
    expect(formatAmount(cents, code)).toBe(expected);
  });

  it.each([12.5, Number.NaN])('rejects %s', (cents) => {
    expect(() => formatAmount(cents, 'CHF')).toThrow(RangeError);
  });
});

describe('formatAmount under other ICU data', () => {
  const realNumberFormat = Intl.NumberFormat;

  afterEach(() => {
    Intl.NumberFormat = realNumberFormat;
    vi.resetModules();
  });

  // Browsers and ICU versions differ in the grouping character for de-CH; a locale fallback
  // (reduced ICU data) groups with ",". The output must be the same "'" everywhere.
  it.each([
    ['right single quotation mark', '\u2019'],
    ['ASCII apostrophe', "'"],
    ['no-break space', '\u00a0'],
    ['narrow no-break space', '\u202f'],
    ['comma (English fallback)', ','],
  ])('normalises %s', async (_name, separator) => {
    class FakeNumberFormat {
      format(value: number): string {
        return String(value).replace(/\B(?=(\d{3})+$)/g, separator);
      }
    }
    Intl.NumberFormat = FakeNumberFormat as unknown as typeof Intl.NumberFormat;
    vi.resetModules();
    const fresh = await import('./money.js');
    expect(fresh.formatAmount(-123456789, 'CHF')).toBe("-1'234'567.89 CHF");
    expect(fresh.formatAmount(12345, undefined)).toBe('123.45');
  });
});

describe('parseAmount', () => {
  it.each([
    ["1'234.50", 123450],
    ['1234,5', 123450],
    ['-300', -30000],
    ['0', 0],
    ['0.05', 5],
    ['.5', 50],
    ['12.', 1200],
    ['1 234.50', 123450],
    ['1,234.50', 123450],
    ['CHF 1\u2019234.50', 123450],
    ['\u22127.20', -720],
    ['- 42', -4200],
    ['15.–', 1500],
    ['-0', 0],
    ["999'999'999'999.99", 99_999_999_999_999],
    ["-999'999'999'999.99", -99_999_999_999_999],
    ['15.– CHF', 1500],
    ['Fr. 12.50', 1250],
    ['CHF -300', -30000],
    ['€ 1 234,50', 123450],
    ['12.50 eur', 1250],
    ['1\u202f234.50', 123450],
  ])('%s -> %s cents', (text, cents) => {
    expect(parseAmount(text)).toBe(cents);
  });

  it.each([
    '',
    '   ',
    'abc',
    '1.234',
    '0.001',
    "1'000'000'000'000",
    '99999999999999999999',
    // Letters inside the number are no amount: `1e5` was read as 15.00, `12abc` as 12.00.
    '1e5',
    '1E5',
    '12abc',
    '0x10',
    '4-2',
    '12 CHF 50',
    'CHF',
  ])('refuses %j', (text) => {
    expect(parseAmount(text)).toBeUndefined();
  });

  it('reads back what formatAmount prints', () => {
    for (const cents of [0, 1, -1, 123450, -500000, 99_999_999_999_999]) {
      expect(parseAmount(formatAmount(cents, 'CHF'))).toBe(cents);
    }
  });
});
