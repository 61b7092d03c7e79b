import { describe, expect, it } from 'vitest';
import { paymentChoiceOf, vatFormValues } from './vat-form-values';

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
});
