import { describe, expect, it } from 'vitest';
import { currencies, currencyCodes } from './currencies.js';

const byCode = (code: string) => currencies.find((currency) => currency.code === code);

describe('currencies', () => {
  it('lists every active ISO 4217 currency once, as three upper-case letters, sorted by code', () => {
    expect(currencies.length).toBeGreaterThanOrEqual(150);
    expect(new Set(currencyCodes).size).toBe(currencies.length);
    expect(currencyCodes.every((code) => /^[A-Z]{3}$/.test(code))).toBe(true);
    expect(currencyCodes).toEqual([...currencyCodes].sort());
    expect(currencyCodes).toEqual(currencies.map((currency) => currency.code));
  });

  it('names the main currencies in Swiss German with the locale of their home country', () => {
    expect(byCode('CHF')).toEqual({
      code: 'CHF',
      description: 'Franken (Schweiz)',
      localeCode: 'de-CH',
      minorUnits: 2,
    });
    expect(byCode('EUR')).toEqual({ code: 'EUR', description: 'Euro', localeCode: 'de-DE', minorUnits: 2 });
    expect(byCode('USD')).toEqual({
      code: 'USD',
      description: 'Dollar (Vereinigte Staaten)',
      localeCode: 'en-US',
      minorUnits: 2,
    });
    expect(byCode('GBP')).toMatchObject({ description: 'Pfund (Grossbritannien)', localeCode: 'en-GB' });
    expect(byCode('JPY')).toMatchObject({ description: 'Yen (Japan)', localeCode: 'ja-JP' });
  });

  it('uses the ISO minor units, not a blanket two decimals', () => {
    expect(byCode('JPY')?.minorUnits).toBe(0);
    expect(byCode('KRW')?.minorUnits).toBe(0);
    expect(byCode('BHD')?.minorUnits).toBe(3);
    expect(byCode('KWD')?.minorUnits).toBe(3);
    expect(currencies.every((currency) => [0, 2, 3].includes(currency.minorUnits))).toBe(true);
  });

  it('leaves out funds, precious metals, special drawing rights, test codes and withdrawn codes', () => {
    const excluded = ['XAU', 'XAG', 'XTS', 'XXX', 'CHE', 'CHW', 'USN', 'BOV', 'CLF', 'COU', 'MXV', 'UYI', 'UYW'];
    const alsoExcluded = ['XBA', 'XBB', 'XBC', 'XBD', 'XDR', 'XSU', 'XUA', 'HRK', 'ANG', 'ZWL', 'SLL'];
    for (const code of [...excluded, ...alsoExcluded]) expect(byCode(code), code).toBeUndefined();
  });

  it('writes descriptions the Swiss way (no "ß") and never leaves one empty', () => {
    for (const currency of currencies) {
      expect(currency.description.trim(), currency.code).not.toBe('');
      expect(currency.description, currency.code).not.toContain('ß');
    }
  });

  it('gives every currency a canonical locale that Intl.NumberFormat supports', () => {
    for (const { code, localeCode } of currencies) {
      expect(Intl.getCanonicalLocales(localeCode), code).toEqual([localeCode]);
      expect(Intl.NumberFormat.supportedLocalesOf([localeCode]), code).toEqual([localeCode]);
      expect(
        () => new Intl.NumberFormat(localeCode, { style: 'currency', currency: code }).format(1),
        code,
      ).not.toThrow();
    }
  });
});
