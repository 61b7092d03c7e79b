import { describe, expect, it } from 'vitest';
import { converterTo } from './conversion.js';
import type { RatesService } from './rates-service.js';

// Units per 1 CHF: a euro costs more than a franc here, a yen far less.
const rates = { rateTable: () => ({ CHF: 1, EUR: 1.07, JPY: 170.5 }) } as unknown as RatesService;

describe('converterTo', () => {
  it('divides by the rate and rounds each amount once, half away from zero', () => {
    const converter = converterTo(rates, 'CHF');
    expect(converter.convert(1_070_00, 'EUR')).toBe(1_000_00);
    expect(converter.convert(1_00, 'EUR')).toBe(93);
    expect(converter.convert(-1_00, 'EUR')).toBe(-93);
    expect(converter.convert(341, 'JPY')).toBe(2);
    expect(converter.convert(-12_34, 'CHF')).toBe(-12_34);
    expect(converter.missingRates()).toEqual([]);
  });

  it('counts a currency without a rate 1:1 and names it once', () => {
    const converter = converterTo(rates, 'CHF');
    expect(converter.convert(5_00, 'XYZ')).toBe(5_00);
    expect(converter.convert(7_00, 'XYZ')).toBe(7_00);
    expect(converter.convert(7_00, 'ABC')).toBe(7_00);
    expect(converter.missingRates()).toEqual(['ABC', 'XYZ']);
  });
});
