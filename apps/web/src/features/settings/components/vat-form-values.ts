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

/** A net tax rate field shows percent with up to 3 decimals; the API keeps thousandths of a percent. */
export function percentOfThousandths(thousandths: number | null | undefined): number | '' {
  return thousandths == null || Number.isNaN(thousandths) ? '' : thousandths / 1000;
}

/** An emptied rate is null (no rate); what is no number stays NaN, which the schema refuses. */
export function thousandthsOfPercent(percent: number | string): number | null {
  if (percent === '' || percent === '-') return null;
  const value = typeof percent === 'number' ? percent : Number(percent);
  return Number.isFinite(value) ? Math.round(value * 1000) : Number.NaN;
}
