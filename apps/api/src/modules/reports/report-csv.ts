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
 * One cell: a text that a spreadsheet would run as a formula (it begins with `=`, `+`, `-`, `@`, a
 * tab or a carriage return) gets a leading apostrophe — a name like "=HYPERLINK(…)" stays text — but
 * a number is never touched (docs/reports.md "Formula injection"); quotes around what holds `;`,
 * quotes or line breaks.
 */
export function csvCell(value: string): string {
  const neutral = !NUMBER.test(value) && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[";\r\n]/.test(neutral) ? `"${neutral.replace(/"/g, '""')}"` : neutral;
}
