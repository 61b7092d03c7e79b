import type { StyleId } from './styles.js';

/**
 * What a sheet holds, described by the caller; the writer turns it into the sheet's XML. A report
 * adds a sheet by adding one more of these (docs/reports.md "XLSX").
 */
export interface Sheet {
  /** 1–31 characters, none of `: \ / ? * [ ]`, not starting or ending with `'`, unique in the workbook. */
  name: string;
  /** Read once, in order, while the file is written: a generator keeps only one row in memory at a time. */
  rows: Iterable<Row>;
  /** Widths in characters, from column A on; the columns after them keep Excel's default. */
  columns?: readonly { width: number }[];
  /** Rows and columns kept in view while scrolling (the header row, the label column). */
  freeze?: { rows?: number; columns?: number };
  /** Printed on A4 in this orientation (portrait by default). */
  orientation?: 'portrait' | 'landscape';
  /**
   * Excel's row grouping. `depth` is the deepest `outlineLevel` of a row (Excel offers buttons 1 to
   * depth + 1); it is given here since the sheet's head is written before the first row is read.
   * `summary: 'above'`: a group's total is the row above its details (as the Prognose table shows it).
   */
  outline?: { depth: number; summary: 'above' | 'below' };
}

export interface Row {
  /** `null` (or a missing entry) leaves a cell empty. */
  cells: readonly (Cell | null | undefined)[];
  /** 0 (default) to the sheet's `outline.depth`. */
  outlineLevel?: number;
}

/**
 * A number (finite), a text (always text, never a formula: the writer writes no formulas), or a
 * date (its UTC date and time, 1900-01-01 to 9999-12-31; give it a date number format). An empty
 * value with a style is an empty cell in that style.
 */
export interface Cell {
  value: number | string | Date | null;
  style?: StyleId;
}
