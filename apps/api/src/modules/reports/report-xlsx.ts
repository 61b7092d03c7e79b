import { defineStyles, type Cell, type Row, type Sheet, writeWorkbook } from '../../lib/xlsx/index.js';
import type { ForecastReport, ReportCell, ReportRow } from './forecast-report.js';
import { planActualTexts, type PlanActualReport } from './plan-actual-report.js';

/**
 * Excel's own code for money with two decimals, negatives red. Excel writes the grouping as `,` in
 * every format code and shows the reader's own separator (1'234.50 in de-CH): a literal `'` in the
 * code would group only once (docs/reports.md "XLSX").
 */
export const AMOUNT_FORMAT = '#,##0.00;[Red]-#,##0.00';
/** A share with one decimal ("16.0%"), negatives red: the Plan/Ist variance in % of the plan. */
export const PERCENT_FORMAT = '0.0%;[Red]-0.0%';

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
  percent: { numberFormat: PERCENT_FORMAT },
  totalPercent: { numberFormat: PERCENT_FORMAT, bold: true },
});
const style = styles.ids;
const labelStyles = [style.bold, style.category, style.leaf] as const;

/**
 * A report as an Excel workbook (docs/reports.md "XLSX"): the sheet "Prognose" with the months as
 * column headers in the first row, the row labels in the first column (both frozen), every amount a
 * number in {@link AMOUNT_FORMAT}, categories and leaves grouped with Excel's outline so they fold
 * under their total; the sheet "Angaben" with the header block.
 */
export function reportXlsx(report: ForecastReport, planActual: PlanActualReport): Promise<Buffer> {
  return writeWorkbook(styles, [forecastSheet(report), planActualSheet(planActual), aboutSheet(report)]);
}

/** The columns of one month in the sheet "Plan/Ist". */
const PLAN_ACTUAL_COLUMNS = [
  planActualTexts.plan,
  planActualTexts.actual,
  planActualTexts.variance,
  planActualTexts.variancePercent,
] as const;

/**
 * The sheet "Plan/Ist" (docs/reports.md "Plan/Ist"): per month four columns (Plan, Ist, Abweichung,
 * Abw. %), the month named above its first; the totals and their categories, grouped like the
 * forecast; months without bank entries leave Ist and the variances empty; the accuracy below.
 */
function planActualSheet(report: PlanActualReport): Sheet {
  return {
    name: planActualTexts.sheet,
    rows: planActualRows(report),
    columns: [{ width: 34 }, ...report.months.flatMap(() => PLAN_ACTUAL_COLUMNS.map(() => ({ width: 14 })))],
    freeze: { rows: 2, columns: 1 },
    orientation: 'landscape',
    outline: { depth: 1, summary: 'above' },
  };
}

function* planActualRows(report: PlanActualReport): Generator<Row> {
  yield {
    cells: [
      { value: planActualTexts.title, style: style.bold },
      ...report.monthLabels.flatMap((label): (Cell | null)[] => [
        { value: label, style: style.bold },
        null,
        null,
        null,
      ]),
    ],
  };
  yield {
    cells: [
      null,
      ...report.months.flatMap(() =>
        PLAN_ACTUAL_COLUMNS.map((text): Cell => ({ value: text, style: style.monthHeader })),
      ),
    ],
  };
  for (const row of report.rows) {
    const total = row.level === 0;
    const cells: (Cell | null)[] = [{ value: row.label, style: total ? style.bold : style.category }];
    row.cells.forEach((cell, index) => {
      const amount = total ? style.totalAmount : style.amount;
      const covered = report.covered[index] === true;
      cells.push(
        { value: cell.plan / 100, style: amount },
        covered ? { value: cell.actual / 100, style: amount } : null,
        covered ? { value: cell.variance / 100, style: amount } : null,
        covered && cell.variancePercent !== null
          ? { value: cell.variancePercent / 100, style: total ? style.totalPercent : style.percent }
          : null,
      );
    });
    yield { cells, outlineLevel: row.level };
  }
  yield { cells: [] };
  for (const [label, value] of report.accuracy) yield { cells: [{ value: label, style: style.bold }, { value }] };
  if (!report.covered.some(Boolean)) yield { cells: [{ value: planActualTexts.noActual }] };
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
