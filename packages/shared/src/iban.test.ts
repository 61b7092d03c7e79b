import { describe, expect, it } from 'vitest';
import { formatIban, isValidIban, looksLikeIban, mod97, normalizeIban } from './iban.js';

describe('IBAN', () => {
  it('stores without spaces in capitals and shows groups of four', () => {
    expect(normalizeIban(' ch93 0076 2011 6238 5295 7 ')).toBe('CH9300762011623852957');
    expect(formatIban('CH9300762011623852957')).toBe('CH93 0076 2011 6238 5295 7');
  });

  it('accepts right check digits (Swiss, German, Liechtenstein) and refuses wrong ones', () => {
    expect(isValidIban('CH9300762011623852957')).toBe(true);
    expect(isValidIban('DE89370400440532013000')).toBe(true);
    expect(isValidIban('LI21088100002324013AA')).toBe(true);
    expect(isValidIban('CH9400762011623852957')).toBe(false);
    expect(isValidIban('CH93007620116238529')).toBe(false);
    expect(isValidIban('9300762011623852957')).toBe(false);
    expect(isValidIban('')).toBe(false);
  });

  it('tells the shape apart from the check digits', () => {
    expect(looksLikeIban('CH9400762011623852957')).toBe(true);
    expect(looksLikeIban('Konto 123')).toBe(false);
  });

  it('computes mod 97 piecewise over long texts', () => {
    expect(mod97('0')).toBe(0);
    expect(mod97('97')).toBe(0);
    expect(mod97('9'.repeat(60))).toBe(Number(BigInt('9'.repeat(60)) % 97n));
    expect(mod97('A')).toBe(10);
  });
});
