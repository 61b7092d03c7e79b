import { describe, expect, it } from 'vitest';
import { paymentChoiceOf, percentOfThousandths, thousandthsOfPercent, vatFormValues } from './vat-form-values';

describe('VAT settings form values', () => {
  it('starts a new setting with the ESTV term and the effective method', () => {
    expect(vatFormValues(null, '2026-11-21')).toMatchObject({
      enabled: false,
      billingDate: '2026-11-21',
      paymentTerm: 'estv',
      method: 'effective',
      netTaxRate: null,
    });
  });

  it('shows the ESTV term or the offset in the payment select', () => {
    expect(paymentChoiceOf('estv', 2)).toBe('estv');
    expect(paymentChoiceOf('offset', 2)).toBe('2');
    expect(paymentChoiceOf(undefined, undefined)).toBe('0');
  });

  it.each([
    [6_200, 6.2],
    [1, 0.001],
    [10_000, 10],
    [null, ''],
  ])('shows %s thousandths of a percent as %s', (thousandths, percent) => {
    expect(percentOfThousandths(thousandths)).toBe(percent);
  });

  it.each([
    ['6.2', 6_200],
    [6.2, 6_200],
    [0.001, 1],
    [2.345, 2_345],
    ['', null],
    ['-', null],
    ['abc', Number.NaN],
  ])('reads %s percent as %s thousandths', (percent, thousandths) => {
    expect(thousandthsOfPercent(percent)).toBe(thousandths);
  });
});
