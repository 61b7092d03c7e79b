import type { VatSetting, VatSettingUpdate } from '@saldopilot/shared';

/**
 * The values of the VAT settings form (docs/vat.md). A new setting is paid by the ESTV deadline and
 * computed with the effective method; the API keeps `offset`/`effective` for clients that send
 * neither, the web always sends both.
 */
export function vatFormValues(saved: VatSetting | null, today: string): VatSettingUpdate {
  return (
    saved ?? {
      enabled: false,
      billingDate: today,
      transactionMonthOffset: 0,
      interval: 'quarterly',
      paymentTerm: 'estv',
      method: 'effective',
      netTaxRate: null,
      netTaxRate2: null,
      netTaxRate2Share: null,
    }
  );
}

/** The choice "Zahlung nach ESTV-Frist" of the select "Transaktionszeitpunkt"; the others are months. */
export const ESTV_CHOICE = 'estv';

/** What the select "Transaktionszeitpunkt" shows: the ESTV term, or the offset in months. */
export function paymentChoiceOf(paymentTerm: VatSettingUpdate['paymentTerm'], offset: number | undefined): string {
  return paymentTerm === 'estv' ? ESTV_CHOICE : String(offset ?? 0);
}
