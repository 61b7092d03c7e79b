import {
  applicationProperties,
  contentTypes,
  packageRelationships,
  sheetPath,
  workbook,
  workbookRelationships,
} from './package-parts.js';
import type { Sheet } from './sheet.js';
import { sheetHead, sheetTail } from './sheet-frame.js';
import { checkSheetNames } from './sheet-name.js';
import { writeRows } from './sheet-rows.js';
import type { StyleSheet } from './styles.js';
import { zipOutput, type DeflateLevel } from './zip-output.js';

export interface WorkbookOptions {
  /**
   * Deflate level of the entries. 1 (the default) is the fastest; higher levels make the largest
   * forecast file a little smaller and take noticeably longer (docs/reports.md "XLSX").
   */
  level?: DeflateLevel;
}

/**
 * An Excel workbook (Office Open XML, `.xlsx`) of `sheets` in their order, the first one open, in
 * the cell styles of `styles` (docs/reports.md "XLSX"). Each sheet's XML goes to the compressor in
 * chunks as its rows are read.
 */
export async function writeWorkbook(
  styles: StyleSheet,
  sheets: readonly Sheet[],
  { level = 1 }: WorkbookOptions = {},
): Promise<Buffer> {
  if (sheets.length === 0) throw new RangeError('a workbook has at least one sheet');
  const names = sheets.map((sheet) => sheet.name);
  checkSheetNames(names);
  const zip = zipOutput(level);
  zip.file('[Content_Types].xml', contentTypes(sheets.length));
  zip.file('_rels/.rels', packageRelationships());
  zip.file('docProps/app.xml', applicationProperties());
  zip.file('xl/workbook.xml', workbook(names));
  zip.file('xl/_rels/workbook.xml.rels', workbookRelationships(sheets.length));
  zip.file('xl/styles.xml', styles.xml);
  for (const [index, sheet] of sheets.entries()) {
    const entry = zip.entry(sheetPath(index));
    entry.push(sheetHead(sheet, index === 0));
    await writeRows(sheet, styles.count, entry.push);
    entry.push(sheetTail(sheet));
    entry.end();
  }
  return zip.finish();
}
