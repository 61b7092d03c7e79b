import { columnName, MAX_ROWS } from './cell-address.js';
import { excelSerial } from './excel-date.js';
import { numberText } from './number-text.js';
import type { Row, Sheet } from './sheet.js';
import { cellText, hasOuterSpace } from './xml-text.js';

/** XML collected before it goes to the compressor: large enough for deflate, small enough to stay bounded. */
const CHUNK_CHARACTERS = 1 << 16;

/**
 * Writes the sheet's rows as `<row>` elements to `push`, in chunks; between chunks it lets other
 * requests run, so a large file does not hold the server for its whole duration.
 */
export async function writeRows(sheet: Sheet, styleCount: number, push: (xml: string) => void): Promise<void> {
  const depth = sheet.outline?.depth ?? 0;
  let xml = '';
  let number = 0;
  for (const row of sheet.rows) {
    number += 1;
    if (number > MAX_ROWS) throw new RangeError(`sheet ${sheet.name}: more than ${MAX_ROWS} rows`);
    xml += rowXml(row, number, depth, styleCount, sheet.name);
    if (xml.length >= CHUNK_CHARACTERS) {
      push(xml);
      xml = '';
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
  if (xml) push(xml);
}

function rowXml(row: Row, number: number, depth: number, styleCount: number, sheet: string): string {
  const level = row.outlineLevel ?? 0;
  if (level !== 0 && !(Number.isInteger(level) && level > 0 && level <= depth)) {
    throw new RangeError(
      `sheet ${sheet}, row ${number}: outline level ${level} is not within the sheet's depth ${depth}`,
    );
  }
  let xml = level ? `<row r="${number}" outlineLevel="${level}">` : `<row r="${number}">`;
  const cells = row.cells;
  for (let column = 0; column < cells.length; column += 1) {
    const cell = cells[column];
    if (!cell) continue;
    const style = cell.style ?? 0;
    if (!(style >= 0 && style < styleCount && Number.isInteger(style))) {
      throw new RangeError(`sheet ${sheet}, row ${number}: style ${style} is not one of the workbook's`);
    }
    const attributes = style
      ? ` r="${columnName(column)}${number}" s="${style}"`
      : ` r="${columnName(column)}${number}"`;
    const value = cell.value;
    if (typeof value === 'number') xml += `<c${attributes}><v>${numberText(value)}</v></c>`;
    else if (typeof value === 'string') xml += textCell(attributes, value);
    else if (value instanceof Date) xml += `<c${attributes}><v>${excelSerial(value)}</v></c>`;
    else if (style) xml += `<c${attributes}/>`;
  }
  return `${xml}</row>`;
}

/**
 * Text in the cell itself (`inlineStr`), not in a shared string table: measured faster for our lists,
 * whose texts rarely repeat (docs/reports.md "XLSX"). Typed as text, so `=…` is never a formula.
 */
function textCell(attributes: string, text: string): string {
  const space = hasOuterSpace(text) ? ' xml:space="preserve"' : '';
  return `<c${attributes} t="inlineStr"><is><t${space}>${cellText(text)}</t></is></c>`;
}
