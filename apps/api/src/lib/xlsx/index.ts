// The XLSX writer (docs/reports.md "XLSX"): describe the styles once and the sheets per file.
export type { Cell, Row, Sheet } from './sheet.js';
export { defineStyles, type CellStyle, type StyleId, type StyleSheet } from './styles.js';
export { writeWorkbook, type WorkbookOptions } from './workbook.js';
export { isExcelDate } from './excel-date.js';
