import { formatMonthLabel, type ForecastMonthTotals } from '@saldopilot/shared';
import { leafRowKey } from '@saldopilot/shared';
import type { ShownDetailsMonth } from './forecast-drafts';

/**
 * The forecast as CSV for a spreadsheet (docs/web.md "Prognose"; the reference had no export): one
 * column per month, rows Einnahmen, Ausgaben, Cashflow, Endsaldo and, when the details are loaded,
 * every category of both sides with the leaves loaded for it (those of the expanded rows: what the
 * table shows). Semicolon-separated with plain decimal points and no grouping, so Excel in de-CH
 * and other programs read the numbers; amounts in the organisation currency named in the first
 * cell.
 */
export function forecastCsv(
  months: ForecastMonthTotals[],
  details: ShownDetailsMonth[] | undefined,
  currency: string,
): string {
  const amount = (cents: number | null | undefined) =>
    cents === null || cents === undefined ? '' : (cents / 100).toFixed(2);
  const quote = (text: string) => (/[";\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);
  const rows: string[][] = [[`Betrag in ${currency}`, ...months.map((month) => formatMonthLabel(month.month))]];
  const totals = (label: string, pick: (month: ForecastMonthTotals) => number) =>
    rows.push([label, ...months.map((month) => amount(pick(month)))]);
  const side = (label: string, key: 'revenue' | 'expense') => {
    if (!details) return;
    const byMonth = new Map(details.map((month) => [month.month, month[key]]));
    const names = [...new Set(details.flatMap((month) => month[key].map((category) => category.name)))];
    for (const name of names) {
      rows.push([
        `${label} / ${name}`,
        ...months.map((month) => amount(byMonth.get(month.month)?.find((c) => c.name === name)?.amount ?? 0)),
      ]);
      const leaves = new Map<string, string>();
      for (const month of details) {
        for (const leaf of month[key].find((category) => category.name === name)?.children ?? []) {
          // The VAT settlement is its category's row alone, as in the table.
          if (leaf.relatedTable !== 'vat_settlement') leaves.set(leafRowKey(leaf), leaf.name);
        }
      }
      for (const [leafKey, leafName] of leaves) {
        rows.push([
          `${label} / ${name} / ${leafName}`,
          ...months.map((month) => {
            const leaf = byMonth
              .get(month.month)
              ?.find((category) => category.name === name)
              ?.children.find((candidate) => leafRowKey(candidate) === leafKey);
            // A leaf counted again before saving has no known amount yet: left empty.
            return leaf ? amount(leaf.amount) : amount(0);
          }),
        ]);
      }
    }
  };
  totals('Einnahmen', (month) => month.revenue);
  side('Einnahmen', 'revenue');
  totals('Ausgaben', (month) => month.expense);
  side('Ausgaben', 'expense');
  totals('Cashflow', (month) => month.cashflow);
  totals('Endsaldo', (month) => month.saldo);
  return rows.map((row) => row.map(quote).join(';')).join('\r\n') + '\r\n';
}
