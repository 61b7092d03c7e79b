import type { Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces.js';
import { formatAmount, formatDate, formatMonthLabel, type ScenarioCompare } from '@saldopilot/shared';
import { defineStyles, writeWorkbook, type Row } from '../../lib/xlsx/index.js';
import { axisTicks, renderPdf } from './report-pdf.js';
import { AMOUNT_FORMAT } from './report-xlsx.js';

/**
 * The comparison report (docs/scenarios.md "Compare"; docs/reports.md): the base and scenarios side
 * by side — chart of the end balances with the minimum balance, the key figures, the monthly end
 * balances — as the PDF a bank receives (organisation and date on every page) or an XLSX workbook.
 */

export const compareTexts = {
  title: 'Szenarienvergleich',
  kpis: 'Kennzahlen',
  saldo: 'Saldo (Endbestand) pro Monat',
  lowest: 'Tiefster Saldo',
  lowestMonth: 'Monat des tiefsten Saldos',
  firstBelow: 'Erster Monat unter Mindestbestand',
  runway: 'Gedeckt bis',
  total: 'Cashflow total',
  minimum: 'Mindestbestand',
  none: '–',
  allCovered: 'ganzer Zeitraum',
  month: 'Monat',
} as const;

function kpiRows(compare: ScenarioCompare): { label: string; values: (number | string)[] }[] {
  const month = (value: string | null, empty: string) => (value === null ? empty : formatMonthLabel(value));
  return [
    { label: compareTexts.lowest, values: compare.entries.map((entry) => entry.kpis.lowest.saldo) },
    { label: compareTexts.lowestMonth, values: compare.entries.map((entry) => month(entry.kpis.lowest.month, '')) },
    {
      label: compareTexts.firstBelow,
      values: compare.entries.map((entry) => month(entry.kpis.firstBelowMinimum, compareTexts.none)),
    },
    {
      label: compareTexts.runway,
      values: compare.entries.map((entry) => month(entry.kpis.coveredUntil, compareTexts.allCovered)),
    },
    { label: compareTexts.total, values: compare.entries.map((entry) => entry.kpis.totalCashflow) },
  ];
}

/** The end balances as lines, one per entry in its colour, and the minimum balance dashed. */
export function compareChartSvg(compare: ScenarioCompare): string {
  const width = 770;
  const height = 220;
  const left = 70;
  const bottom = 24;
  const values = [
    ...compare.entries.flatMap((entry) => entry.months.map((month) => month.saldo)),
    compare.minimumBalance,
  ];
  const ticks = axisTicks(Math.min(...values), Math.max(...values));
  const low = ticks[0] ?? 0;
  const high = ticks.at(-1) ?? 1;
  const span = high - low || 1;
  const count = compare.months.length;
  const x = (index: number) => left + (width - left - 10) * (count === 1 ? 0.5 : index / (count - 1));
  const y = (cents: number) => 10 + ((height - bottom - 10) * (high - cents)) / span;
  const grid = ticks
    .map(
      (tick) =>
        `<line x1="${left}" x2="${width - 10}" y1="${y(tick)}" y2="${y(tick)}" stroke="#dee2e6"/>` +
        `<text x="${left - 6}" y="${y(tick) + 3}" font-size="8" text-anchor="end" fill="#868e96">${formatAmount(tick).replace(/\.00$/, '')}</text>`,
    )
    .join('');
  const lines = compare.entries
    .map(
      (entry) =>
        `<polyline fill="none" stroke="${entry.color}" stroke-width="2" points="${entry.months
          .map((month, index) => `${x(index)},${y(month.saldo)}`)
          .join(' ')}"/>`,
    )
    .join('');
  const minimum = `<line x1="${left}" x2="${width - 10}" y1="${y(compare.minimumBalance)}" y2="${y(compare.minimumBalance)}" stroke="#f08c00" stroke-dasharray="4 3"/>`;
  const labels = compare.months
    .map((month, index) =>
      count <= 24 || index % 3 === 0
        ? `<text x="${x(index)}" y="${height - 8}" font-size="8" text-anchor="middle" fill="#868e96">${formatMonthLabel(month)}</text>`
        : '',
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${grid}${minimum}${lines}${labels}</svg>`;
}

const cell = (value: number | string): TableCell =>
  typeof value === 'number'
    ? { text: formatAmount(value), alignment: 'right', color: value < 0 ? '#c92a2a' : undefined }
    : { text: value, alignment: 'right' };

/** The PDF: A4 landscape; organisation, date and "Seite x von y" below every page. */
export function comparePdf(compare: ScenarioCompare, organisationName: string, today: string): Promise<Buffer> {
  const names = compare.entries.map((entry): TableCell => ({
    text: entry.name,
    bold: true,
    alignment: 'right',
    color: entry.color,
  }));
  const kpiTable: Content = {
    table: {
      headerRows: 1,
      widths: [180, ...compare.entries.map(() => '*')],
      body: [
        [{ text: compareTexts.kpis, bold: true }, ...names],
        ...kpiRows(compare).map((row): TableCell[] => [{ text: row.label }, ...row.values.map(cell)]),
      ],
    },
    layout: 'lightHorizontalLines',
    margin: [0, 8, 0, 12],
  };
  const saldoTable: Content = {
    table: {
      headerRows: 1,
      widths: [180, ...compare.entries.map(() => '*')],
      body: [
        [{ text: compareTexts.month, bold: true }, ...names],
        ...compare.months.map((month, index): TableCell[] => [
          { text: formatMonthLabel(month) },
          ...compare.entries.map((entry) => cell(entry.months[index]?.saldo ?? 0)),
        ]),
      ],
    },
    layout: 'lightHorizontalLines',
  };
  const definition: TDocumentDefinitions = {
    pageSize: 'A4',
    pageOrientation: 'landscape',
    pageMargins: [36, 36, 36, 40],
    info: { title: `${compareTexts.title} ${organisationName}`, creator: 'SaldoPilot' },
    defaultStyle: { font: 'Roboto', fontSize: 9 },
    footer: (current, count) => ({
      columns: [
        { text: `${organisationName} · ${formatDate(today)}`, fontSize: 8, color: '#868e96' },
        { text: `Seite ${current} von ${count}`, alignment: 'right', fontSize: 8, color: '#868e96' },
      ],
      margin: [36, 12, 36, 0],
    }),
    content: [
      { text: compareTexts.title, fontSize: 20, bold: true },
      { text: `${organisationName} · ${formatDate(today)} · ${compare.currency}`, fontSize: 12, margin: [0, 2, 0, 4] },
      { text: `${compareTexts.minimum}: ${formatAmount(compare.minimumBalance)}`, margin: [0, 0, 0, 8] },
      { svg: compareChartSvg(compare), width: 770 },
      kpiTable,
      { text: compareTexts.saldo, bold: true, fontSize: 12, margin: [0, 4, 0, 4], pageBreak: 'before' },
      saldoTable,
    ],
  };
  return renderPdf(definition);
}

const styles = defineStyles({
  bold: { bold: true },
  title: { bold: true, fontSize: 14 },
  amount: { numberFormat: AMOUNT_FORMAT },
});

/** The XLSX: the sheet "Vergleich" with the key figures and the end balances per month, one column per entry. */
export function compareXlsx(compare: ScenarioCompare, organisationName: string, today: string): Promise<Buffer> {
  const value = (entry: number | string) =>
    typeof entry === 'number' ? { value: entry / 100, style: styles.ids.amount } : { value: entry };
  const header: Row = {
    cells: [
      { value: '', style: styles.ids.bold },
      ...compare.entries.map((entry) => ({ value: entry.name, style: styles.ids.bold })),
    ],
  };
  const rows: Row[] = [
    { cells: [{ value: compareTexts.title, style: styles.ids.title }] },
    { cells: [{ value: `${organisationName} · ${formatDate(today)} · ${compare.currency}` }] },
    { cells: [] },
    header,
    ...kpiRows(compare).map((row): Row => ({ cells: [{ value: row.label }, ...row.values.map(value)] })),
    { cells: [] },
    { cells: [{ value: compareTexts.saldo, style: styles.ids.bold }] },
    header,
    ...compare.months.map((month, index): Row => ({
      cells: [
        { value: formatMonthLabel(month) },
        ...compare.entries.map((entry) => value(entry.months[index]?.saldo ?? 0)),
      ],
    })),
  ];
  return writeWorkbook(styles, [
    { name: 'Vergleich', rows, columns: [{ width: 34 }, ...compare.entries.map(() => ({ width: 18 }))] },
  ]);
}
