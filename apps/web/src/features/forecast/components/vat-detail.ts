import type { ForecastLeafNode } from '@saldopilot/shared';
import { formatAmount } from '../../../lib/format';
import { forecastTexts as texts } from './forecast-texts';

/** A net tax rate in thousandths of a percent as de-CH text with up to 3 decimals: 6200 → "6.2 %". */
export function netTaxRateText(thousandths: number): string {
  return `${(thousandths / 1000).toFixed(3).replace(/\.?0+$/, '')} %`;
}

/**
 * What the VAT settlement of a month was computed from (docs/vat.md), for the tooltip of the "MWST"
 * row: output and input tax (effective method), or the gross revenue and the net tax rate(s);
 * undefined for a month without a settlement or a leaf without its parts.
 */
export function vatDetailText(
  leaf:
    | Partial<
        Pick<
          ForecastLeafNode,
          'outputTax' | 'inputTax' | 'grossRevenue' | 'netTaxRate' | 'netTaxRate2' | 'netTaxRate2Share'
        >
      >
    | undefined,
  currency: string,
): string | undefined {
  if (!leaf) return undefined;
  if (leaf.outputTax !== undefined && leaf.inputTax !== undefined) {
    return texts.vatEffective(formatAmount(leaf.outputTax, currency), formatAmount(leaf.inputTax, currency));
  }
  if (leaf.grossRevenue === undefined || leaf.netTaxRate === undefined) return undefined;
  const revenue = formatAmount(leaf.grossRevenue, currency);
  if (leaf.netTaxRate2 === undefined || leaf.netTaxRate2Share === undefined) {
    return texts.vatNetTaxRate(revenue, netTaxRateText(leaf.netTaxRate));
  }
  return texts.vatNetTaxRates(revenue, [
    { share: 100 - leaf.netTaxRate2Share, rate: netTaxRateText(leaf.netTaxRate) },
    { share: leaf.netTaxRate2Share, rate: netTaxRateText(leaf.netTaxRate2) },
  ]);
}

/**
 * How a payment of the payment calendar or an annual VAT instalment was computed, with its warnings
 * (docs/payment-calendar.md "Explanations"), for the cell's title; undefined for other leaves.
 */
export function leafNoteText(leaf: Pick<ForecastLeafNode, 'explanation' | 'warnings'>): string | undefined {
  const parts = [...(leaf.explanation === undefined ? [] : [leaf.explanation]), ...(leaf.warnings ?? [])];
  return parts.length === 0 ? undefined : parts.join('. ');
}
