import { defineStyles, type Cell, type Row, type Sheet, writeWorkbook } from '../../lib/xlsx/index.js';
import type { ForecastReport, ReportCell, ReportRow } from './forecast-report.js';

/**
 * Excel's own code for money with two decimals, negatives red. Excel writes the grouping as `,` in
 * every format code and shows the reader's own separator (1'234.50 in de-CH): a literal `'` in the
 * code would group only once (docs/reports.md "XLSX").
 */
export const AMOUNT_FORMAT = '#,##0.00;[Red]-#,##0.00';

/**
 * The cell styles of the report's sheets, defined once for every file. Excluded amounts are struck
 * through, grey and italic, as the page shows them.
 */
const styles = defineStyles({
  bold: { bold: true },
  monthHeader: { bold: true, align: 'right' },
  title: { bold: true, fontSize: 14 },
  category: { indent: 1 },
  leaf: { indent: 2 },
  amount: { numberFormat: AMOUNT_FORMAT },
  totalAmount: { numberFormat: AMOUNT_FORMAT, bold: true },
  excludedAmount: { numberFormat: AMOUNT_FORMAT, italic: true, strikethrough: true, color: '#868E96' },
});
const style = styles.ids;
const labelStyles = [style.bold, style.category, style.leaf] as const;

/**
 * A report as an Excel workbook (docs/reports.md "XLSX"): the sheet "Prognose" with the months as
 * column headers in the first row, the row labels in the first column (both frozen), every amount a
 * number in {@link AMOUNT_FORMAT}, categories and leaves grouped with Excel's outline so they fold
 * under their total; the sheet "Angaben" with the header block.
 */
export function reportXlsx(report: ForecastReport): Promise<Buffer> {
  return writeWorkbook(styles, [forecastSheet(report), aboutSheet(report)]);
}

function forecastSheet(report: ForecastReport): Sheet {
  return {
    name: 'Prognose',
    rows: forecastRows(report),
    columns: [{ width: 42 }, ...report.months.map(() => ({ width: 16 }))],
    freeze: { rows: 1, columns: 1 },
    orientation: 'landscape',
    // Categories are level 1, leaves level 2, each total above what it sums (Einnahmen opens downwards).
    outline: { depth: 2, summary: 'above' },
  };
}

/** Row by row as the file is written: the report's rows are not copied into a second table. */
function* forecastRows(report: ForecastReport): Generator<Row> {
  yield {
    cells: [
      { value: `Betrag in ${report.currency}`, style: style.bold },
      ...report.monthLabels.map((label): Cell => ({ value: label, style: style.monthHeader })),
    ],
  };
  for (const row of report.rows) yield tableRow(row);
}

function tableRow(row: ReportRow): Row {
  const amountStyle = row.level === 0 ? style.totalAmount : style.amount;
  const cells: Cell[] = [{ value: row.label, style: labelStyles[row.level] }];
  for (const cell of row.cells) cells.push(amountCell(cell, amountStyle));
  return { cells, outlineLevel: row.level };
}

function amountCell(cell: ReportCell, amountStyle: Cell['style']): Cell {
  return { value: cell.cents / 100, style: cell.excluded ? style.excludedAmount : amountStyle };
}

function aboutSheet(report: ForecastReport): Sheet {
  return {
    name: 'Angaben',
    rows: [
      { cells: [{ value: report.title, style: style.title }] },
      { cells: [] },
      ...report.header.map(([label, value]): Row => ({ cells: [{ value: label, style: style.bold }, { value }] })),
    ],
    columns: [{ width: 30 }, { width: 90 }],
  };
}
