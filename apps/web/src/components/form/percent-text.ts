/**
 * Rates are stored as thousandths of a percent (5.3 % = 5300; docs/salary-costs.md, docs/vat.md);
 * a percent field shows percent with up to 3 decimals. The two conversions, beside amount-text.ts.
 */

/** The percent a field shows for a rate; '' while there is none. */
export function percentOfThousandths(thousandths: number | null | undefined): number | '' {
  return thousandths == null || Number.isNaN(thousandths) ? '' : thousandths / 1000;
}

/** An emptied field is null (no rate); what is no number stays NaN, which the schemas refuse. */
export function thousandthsOfPercent(percent: number | string): number | null {
  if (percent === '' || percent === '-') return null;
  const value = typeof percent === 'number' ? percent : Number(percent);
  return Number.isFinite(value) ? Math.round(value * 1000) : Number.NaN;
}
