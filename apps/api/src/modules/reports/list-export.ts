import { formatDate, PAGINATION, type ExportFormat, type Pagination } from '@saldopilot/shared';
import { defineStyles, isExcelDate, writeWorkbook, type Cell, type Row } from '../../lib/xlsx/index.js';
import { csvCell, plainAmount } from './report-csv.js';
import { AMOUNT_FORMAT } from './report-xlsx.js';

/**
 * A list as a file (docs/reports.md "Lists"): the rows the list's filters, search and sort select,
 * every page of them, one column per field a person reads on the page.
 */
export interface ListColumn<Item> {
  header: string;
  /** `amount`: minor units; `date`: 'YYYY-MM-DD'; `number`: a whole number; `text` anything else. */
  kind: 'text' | 'amount' | 'date' | 'number';
  value: (item: Item) => string | number | null;
}

/**
 * Every row of a list, page by page through the list's own service (its filters, sort and tenancy
 * as the page has them). At most `maxRows` (docs/reports.md: a file is for reading, not a dump).
 */
export async function everyPage<Item>(
  page: (query: { page: number; limit: number }) => Promise<{ data: Item[]; pagination: Pagination }>,
  maxRows = 100_000,
): Promise<Item[]> {
  const items: Item[] = [];
  for (let number = 1; items.length < maxRows; number += 1) {
    const { data, pagination } = await page({ page: number, limit: PAGINATION.maxLimit });
    items.push(...data);
    if (number >= pagination.totalPages || data.length === 0) break;
  }
  return items.slice(0, maxRows);
}

export async function listFile<Item>(
  format: ExportFormat,
  sheet: string,
  columns: readonly ListColumn<Item>[],
  items: readonly Item[],
): Promise<Buffer> {
  return format === 'xlsx' ? listXlsx(sheet, columns, items) : listCsv(columns, items);
}

/** UTF-8 with BOM, `;`, a header line, plain amounts and dd.mm.yyyy dates (as the forecast's CSV). */
function listCsv<Item>(columns: readonly ListColumn<Item>[], items: readonly Item[]): Buffer {
  const lines = [columns.map((column) => column.header)];
  for (const item of items) {
    lines.push(
      columns.map((column) => {
        const value = column.value(item);
        if (value === null) return '';
        if (column.kind === 'amount') return plainAmount(value as number);
        if (column.kind === 'date') return shownDate(value as string);
        return String(value);
      }),
    );
  }
  const text = lines.map((cells) => cells.map(csvCell).join(';')).join('\r\n') + '\r\n';
  return Buffer.from(`\ufeff${text}`, 'utf8');
}

/** The lists' cell styles, defined once for every file. */
const styles = defineStyles({
  header: { bold: true },
  amount: { numberFormat: AMOUNT_FORMAT },
  date: { numberFormat: 'dd.mm.yyyy' },
});

/** One sheet: the header row frozen, amounts as numbers in the money format, dates as dates. */
function listXlsx<Item>(sheet: string, columns: readonly ListColumn<Item>[], items: readonly Item[]) {
  return writeWorkbook(styles, [
    {
      name: sheet,
      rows: listRows(columns, items),
      columns: columns.map((column) => ({ width: column.kind === 'text' ? 30 : 16 })),
      freeze: { rows: 1 },
    },
  ]);
}

/** The header row, then one row per item, made as the file is written. */
function* listRows<Item>(columns: readonly ListColumn<Item>[], items: readonly Item[]): Generator<Row> {
  yield { cells: columns.map((column): Cell => ({ value: column.header, style: styles.ids.header })) };
  for (const item of items) yield { cells: columns.map((column) => listCell(column, column.value(item))) };
}

function listCell<Item>(column: ListColumn<Item>, value: string | number | null): Cell | null {
  if (value === null) return null;
  if (column.kind === 'amount') return { value: (value as number) / 100, style: styles.ids.amount };
  if (column.kind === 'date') {
    const date = dateOf(value as string);
    // A stored date Excel cannot hold (before 1900, docs/reports.md "Lists") is its text, never a 500.
    return isExcelDate(date) ? { value: date, style: styles.ids.date } : { value: shownDate(value as string) };
  }
  if (column.kind === 'number') return { value: value as number };
  return { value: String(value) };
}

/** `dd.mm.yyyy`; a stored date the calendar cannot read (a year beyond 9999) as the database wrote it. */
function shownDate(date: string): string {
  try {
    return formatDate(date);
  } catch {
    return date;
  }
}

/** A calendar date as the UTC midnight Excel's serial numbers count from (no time zone can move it). */
function dateOf(date: string): Date {
  return new Date(`${date}T00:00:00Z`);
}
