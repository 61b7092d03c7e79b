import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { currencyCodes } from '@saldopilot/shared';
import { deriveCrossRates, mergeRates } from './cross-rates.js';
import { parseEcbDailyXml } from './ecb-xml.js';
import fallback from './fallback-rates.json' with { type: 'json' };

const eurRates = { EUR: 1, USD: 1.1642, CHF: 0.9268, JPY: 181.27, GBP: 0.87415 };

describe('deriveCrossRates', () => {
  it('answers the EUR rates unchanged for base EUR', () => {
    expect(deriveCrossRates(eurRates, 'EUR')).toEqual(eurRates);
  });

  it('derives CHF-based rates: EUR = 1 / CHF, USD per CHF = USD / CHF, CHF itself exactly 1', () => {
    const rates = deriveCrossRates(eurRates, 'CHF');
    expect(rates?.['CHF']).toBe(1);
    expect(rates?.['EUR']).toBeCloseTo(1 / 0.9268, 9);
    expect(rates?.['USD']).toBeCloseTo(1.1642 / 0.9268, 9);
    expect(rates?.['JPY']).toBeCloseTo(181.27 / 0.9268, 7);
    expect(Object.keys(rates ?? {}).sort()).toEqual(Object.keys(eurRates).sort());
  });

  it('rounds to 10 significant digits, so float noise does not leak into stored or compared rates', () => {
    // 0.3 / 0.1 is 2.9999999999999996 in binary floating point.
    expect(deriveCrossRates({ AAA: 0.1, BBB: 0.3 }, 'AAA')?.['BBB']).toBe(3);
    expect(deriveCrossRates(eurRates, 'CHF')?.['EUR']).toBe(1.078981442);
    expect(deriveCrossRates(eurRates, 'USD')?.['JPY']).toBe(155.7034874);
  });

  it('is consistent both ways: rate(A -> B) * rate(B -> A) is 1', () => {
    const chf = deriveCrossRates(eurRates, 'CHF');
    const usd = deriveCrossRates(eurRates, 'USD');
    expect((chf?.['USD'] ?? 0) * (usd?.['CHF'] ?? 0)).toBeCloseTo(1, 9);
  });

  it('treats EUR as 1 even when the input leaves it out', () => {
    const { EUR: _eur, ...withoutEur } = eurRates;
    expect(deriveCrossRates(withoutEur, 'EUR')?.['USD']).toBe(1.1642);
    expect(deriveCrossRates(withoutEur, 'USD')?.['EUR']).toBeCloseTo(1 / 1.1642, 9);
  });

  it('answers undefined for a base without a usable rate', () => {
    expect(deriveCrossRates(eurRates, 'XYZ')).toBeUndefined();
    expect(deriveCrossRates(eurRates, 'chf')).toBeUndefined();
    expect(deriveCrossRates({ ...eurRates, ABC: 0 }, 'ABC')).toBeUndefined();
    expect(deriveCrossRates({ ...eurRates, ABC: -2 }, 'ABC')).toBeUndefined();
    expect(deriveCrossRates({ ...eurRates, ABC: Number.NaN }, 'ABC')).toBeUndefined();
  });

  it('leaves out targets whose own rate is unusable instead of answering Infinity or NaN', () => {
    const rates = deriveCrossRates({ ...eurRates, ZER: 0, NEG: -1, INF: Number.POSITIVE_INFINITY }, 'CHF');
    expect(rates).not.toHaveProperty('ZER');
    expect(rates).not.toHaveProperty('NEG');
    expect(rates).not.toHaveProperty('INF');
    expect(rates).toHaveProperty('USD');
  });

  it('works on the parsed ECB fixture', async () => {
    const xml = await readFile(new URL('./fixtures/eurofxref-daily.xml', import.meta.url), 'utf8');
    const parsed = parseEcbDailyXml(xml);
    const rates = deriveCrossRates(parsed.eurRates, 'CHF');
    expect(rates?.['USD']).toBeCloseTo(1.1642 / 0.9268, 9);
    expect(Object.keys(rates ?? {})).toHaveLength(31);
  });
});

describe('mergeRates', () => {
  it('lets fresh values win per code and keeps the fallback for every other code', () => {
    const merged = mergeRates({ EUR: 1, CHF: 0.93, USD: 1.16, AED: 4.26 }, { CHF: 0.9268, USD: 1.1642 });
    expect(merged).toEqual({ EUR: 1, CHF: 0.9268, USD: 1.1642, AED: 4.26 });
  });

  it('adds fresh codes the fallback lacks and changes neither input', () => {
    const fallbackRates = { CHF: 0.93 };
    const fresh = { NEW: 2.5 };
    expect(mergeRates(fallbackRates, fresh)).toEqual({ CHF: 0.93, NEW: 2.5 });
    expect(fallbackRates).toEqual({ CHF: 0.93 });
    expect(fresh).toEqual({ NEW: 2.5 });
  });

  it('never lets an unusable fresh value replace a good fallback value', () => {
    const merged = mergeRates({ CHF: 0.93, USD: 1.16, JPY: 180 }, { CHF: 0, USD: Number.NaN, JPY: -1 });
    expect(merged).toEqual({ CHF: 0.93, USD: 1.16, JPY: 180 });
  });
});

describe('bundled fallback rates', () => {
  it('has a positive, finite EUR rate for every currency the app offers', () => {
    const rates: Record<string, number> = fallback.eurRates;
    const missing = currencyCodes.filter((code) => !(Number.isFinite(rates[code]) && (rates[code] ?? 0) > 0));
    expect(missing).toEqual([]);
    expect(rates['EUR']).toBe(1);
  });

  it('holds only currencies the app offers, is dated and says that its values are approximate', () => {
    const offered = new Set<string>(currencyCodes);
    expect(Object.keys(fallback.eurRates).filter((code) => !offered.has(code))).toEqual([]);
    expect(fallback.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(fallback.source).toMatch(/approximate/i);
  });

  it('stays plausible next to the ECB fixture (same order of magnitude for every shared code)', async () => {
    const xml = await readFile(new URL('./fixtures/eurofxref-daily.xml', import.meta.url), 'utf8');
    const rates: Record<string, number> = fallback.eurRates;
    for (const [code, ecbRate] of Object.entries(parseEcbDailyXml(xml).eurRates)) {
      const ratio = (rates[code] ?? 0) / ecbRate;
      expect(ratio, code).toBeGreaterThan(0.5);
      expect(ratio, code).toBeLessThan(2);
    }
  });
});
