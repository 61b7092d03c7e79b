import { describe, expect, it } from 'vitest';
import { canInvert, centsOfText, invertLabel, textOfCents } from './amount-text';

describe('amount field text', () => {
  it('reads what people type or paste into cents', () => {
    expect(centsOfText("1'234.50")).toBe(123450);
    expect(centsOfText('1234,5')).toBe(123450);
    expect(centsOfText('-300')).toBe(-30000);
    expect(centsOfText('0')).toBe(0);
  });

  it('answers undefined for an empty field and NaN for text that is no amount', () => {
    expect(centsOfText('')).toBeNull();
    expect(centsOfText('   ')).toBeNull();
    expect(centsOfText('abc')).toBeNaN();
    expect(centsOfText('1.234')).toBeNaN();
  });

  it('shows a value de-CH formatted, without the currency (it sits beside the field)', () => {
    expect(textOfCents(123450)).toBe("1'234.50");
    expect(textOfCents(-500000)).toBe("-5'000.00");
    expect(textOfCents(0)).toBe('0.00');
    expect(textOfCents(undefined)).toBe('');
    expect(textOfCents(Number.NaN)).toBe('');
  });

  it('inverts only an amount other than 0, and says what a click does', () => {
    expect(canInvert(100)).toBe(true);
    expect(canInvert(-100)).toBe(true);
    expect(canInvert(0)).toBe(false);
    expect(canInvert(undefined)).toBe(false);
    expect(canInvert(Number.NaN)).toBe(false);
    expect(invertLabel(100)).toBe('Betrag negativ machen');
    expect(invertLabel(-100)).toBe('Betrag positiv machen');
    expect(invertLabel(0)).toBe('Betrag negativ machen');
  });
});
