import type { VatSetting, VatSettingUpdate } from '@saldopilot/shared';

/** Every field of a VAT setting, each one set (null where a field does not apply). */
export type CompleteVatSetting = { [Field in keyof VatSettingUpdate]-?: Exclude<VatSettingUpdate[Field], undefined> };

/**
 * A new VAT setting (docs/vat.md): switched off, paid by the ESTV deadline and computed with the
 * effective method; the API keeps `offset`/`effective` for clients that send neither, the web
 * always sends both.
 */
export function newVatSetting(today: string): CompleteVatSetting {
  return {
    enabled: false,
    billingDate: today,
    transactionMonthOffset: 0,
    interval: 'quarterly',
    paymentTerm: 'estv',
    method: 'effective',
    netTaxRate: null,
    netTaxRate2: null,
    netTaxRate2Share: null,
    previousYearTax: null,
  };
}

/** The values of the VAT settings form: the saved setting, or a new one. */
export function vatFormValues(saved: VatSetting | null, today: string): VatSettingUpdate {
  return saved ?? newVatSetting(today);
}

/** The choice "Zahlung nach ESTV-Frist" of the select "Transaktionszeitpunkt"; the others are months. */
export const ESTV_CHOICE = 'estv';

/** What the select "Transaktionszeitpunkt" shows: the ESTV term, or the offset in months. */
export function paymentChoiceOf(paymentTerm: VatSettingUpdate['paymentTerm'], offset: number | undefined): string {
  return paymentTerm === 'estv' ? ESTV_CHOICE : String(offset ?? 0);
}
