import type { ForecastReport } from './forecast-report.js';

/**
 * A report as CSV (docs/reports.md "CSV"): UTF-8 with a byte order mark (so spreadsheet programs
 * read umlauts), `;` between cells and CRLF between lines (what Excel in de-CH expects), amounts
 * with a decimal point and no thousands separator, the header block first, then one line per
 * table row, named by its path.
 */
export function reportCsv(report: ForecastReport): Buffer {
  const lines: string[][] = [[report.title], ...report.header.map(([label, value]) => [label, value]), []];
  lines.push([`Betrag in ${report.currency}`, ...report.monthLabels]);
  // A row is named by its path ("Einnahmen / Honorare / Beratung"): a CSV has no outline.
  const path: string[] = [];
  for (const row of report.rows) {
    path.length = row.level;
    path.push(row.label);
    lines.push([
      path.join(' / '),
      // An excluded amount is text, so no sum a spreadsheet makes counts it.
      ...row.cells.map((cell) =>
        cell.excluded ? `ausgeschlossen: ${plainAmount(cell.cents)}` : plainAmount(cell.cents),
      ),
    ]);
  }
  const text = lines.map((cells) => cells.map(csvCell).join(';')).join('\r\n') + '\r\n';
  return Buffer.from(`\ufeff${text}`, 'utf8');
}

/** `-1234.50`: integer arithmetic, so no float can round a large amount. */
export function plainAmount(cents: number): string {
  const abs = Math.abs(cents);
  const fraction = abs % 100;
  return `${cents < 0 ? '-' : ''}${(abs - fraction) / 100}.${String(fraction).padStart(2, '0')}`;
}

const NUMBER = /^-?\d+(?:\.\d+)?$/;

/**
 * What a spreadsheet runs as a formula at the start of a cell: `=`, `+`, `-`, `@`, a tab or a
 * carriage return, and their fullwidth and small forms (＝ ＋ － ＠, ﹦ ﹢ ﹣ ﹫), which some
 * spreadsheets read as the ASCII ones.
 */
const FORMULA_START = '=+\\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20\uFE66\uFE62\uFE63\uFE6B';
/** Where a reader may start a new cell: our `;`, the `,` and tab other locales split at, a line break. */
const CELL_BREAK = ',;\t\r\n';
// A cell start (the text's, or behind a break) followed by a formula character and the rest of that part.
const FORMULA_PART = new RegExp(`(^|[${CELL_BREAK}])(?=([${FORMULA_START}])([^${CELL_BREAK}]*))`, 'g');

/**
 * One cell (docs/reports.md "Formula injection"): every part a spreadsheet could read as a cell of
 * its own — the text, and each part behind a `,`, `;`, tab or line break, for a reader that splits
 * there — that begins like a formula gets an apostrophe in front, so "=HYPERLINK(…)" and
 * "Zahlung,=1+1" stay text; a number (also such a part, "Rabatt,-5") is never touched. Quotes
 * around what holds a delimiter, a quote or a line break, its quotes doubled.
 */
export function csvCell(value: string): string {
  const neutral = NUMBER.test(value)
    ? value
    : value.replace(FORMULA_PART, (_, start: string, first: string, rest: string) =>
        NUMBER.test(`${first}${rest}`) ? start : `${start}'`,
      );
  return /[";,\t\r\n]/.test(neutral) ? `"${neutral.replace(/"/g, '""')}"` : neutral;
}
