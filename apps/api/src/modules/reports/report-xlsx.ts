import type { Blob } from 'node:buffer';
import type Stream from 'node:stream';
import writeXlsxFile, { type Cell, type Feature, type Row } from 'write-excel-file/node';

/** What the Node build of write-excel-file takes as file content (its own type is not exported). */
type FileContent = Stream | Buffer | Blob;
import type { ForecastReport, ReportCell, ReportRow } from './forecast-report.js';

/**
 * Excel's own code for money with two decimals, negatives red. Excel writes the grouping as `,` in
 * every format code and shows the reader's own separator (1'234.50 in de-CH): a literal `'` in the
 * code would group only once (docs/reports.md "XLSX").
 */
export const AMOUNT_FORMAT = '#,##0.00;[Red]-#,##0.00';

const EXCLUDED_COLOR = '#868E96';

/**
 * A report as an Excel workbook (docs/reports.md "XLSX"): the sheet "Prognose" with the months as
 * column headers in the first row, the row labels in the first column (both frozen), every amount a
 * number in {@link AMOUNT_FORMAT}, categories and leaves grouped with Excel's outline so they fold
 * under their total; the sheet "Angaben" with the header block.
 */
export async function reportXlsx(report: ForecastReport): Promise<Buffer> {
  const table: Row[] = [
    [
      { value: `Betrag in ${report.currency}`, fontWeight: 'bold' },
      ...report.monthLabels.map((label): Cell => ({ value: label, fontWeight: 'bold', align: 'right' })),
    ],
    ...report.rows.map(tableRow),
  ];
  const about: Row[] = [
    [{ value: report.title, fontWeight: 'bold', fontSize: 14 }],
    [],
    ...report.header.map(([label, value]): Row => [{ value: label, fontWeight: 'bold' }, { value }]),
  ];
  // Row 1 is the month headers; the outline levels follow the report's rows below it.
  const levels = [0, ...report.rows.map((row) => row.level)];
  const result = await writeXlsxFile(
    [
      {
        data: table,
        sheet: 'Prognose',
        columns: [{ width: 42 }, ...report.months.map(() => ({ width: 16 }))],
        stickyRowsCount: 1,
        stickyColumnsCount: 1,
        orientation: 'landscape',
      },
      { data: about, sheet: 'Angaben', columns: [{ width: 30 }, { width: 90 }] },
    ],
    { features: [rowOutline(levels)], fontFamily: 'Calibri', fontSize: 11 },
  ).toBuffer();
  return result;
}

function tableRow(row: ReportRow): Row {
  const bold = row.level === 0;
  return [
    { value: row.label, fontWeight: bold ? 'bold' : undefined, indent: row.level || undefined },
    ...row.cells.map((cell) => amountCell(cell, bold)),
  ];
}

function amountCell(cell: ReportCell, bold: boolean): Cell {
  const value = cell.cents / 100;
  if (cell.excluded) {
    return {
      value,
      type: Number,
      format: AMOUNT_FORMAT,
      textDecoration: { strikethrough: true },
      textColor: EXCLUDED_COLOR,
      fontStyle: 'italic',
    };
  }
  return { value, type: Number, format: AMOUNT_FORMAT, fontWeight: bold ? 'bold' : undefined };
}

/**
 * Excel's row outline for the first sheet: each row's `outlineLevel`, and the summary rows above
 * their details (`summaryBelow="0"`: Einnahmen opens to its categories below it, as on screen).
 */
function rowOutline(levels: readonly number[]): Feature<FileContent> {
  return {
    files: {
      transform: {
        'xl/worksheets/sheet{id}.xml': {
          transformElementAttributes(tagName, attributes, index, options) {
            if (tagName !== 'row' || index === undefined || options.sheet !== 'Prognose') return attributes;
            const level = levels[index] ?? 0;
            return level > 0 ? { ...attributes, outlineLevel: level } : attributes;
          },
          transform(content, options) {
            if (options.sheet !== 'Prognose') return content;
            const maximum = Math.max(0, ...levels);
            const withSummaryAbove = content.replace(
              /(<worksheet\b[^>]*>)/,
              '$1<sheetPr><outlinePr summaryBelow="0"/></sheetPr>',
            );
            // sheetFormatPr follows sheetViews and comes before the columns and the data (ECMA-376
            // order); it tells Excel how many outline levels to offer as buttons.
            const format = `<sheetFormatPr defaultRowHeight="15" outlineLevelRow="${maximum}"/>`;
            return /<sheetFormatPr\b/.test(withSummaryAbove)
              ? withSummaryAbove
              : withSummaryAbove.replace(/(<cols\b|<sheetData\b)/, `${format}$1`);
          },
        },
      },
    },
  };
}
