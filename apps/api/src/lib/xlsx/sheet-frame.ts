import { columnName } from './cell-address.js';
import type { Sheet } from './sheet.js';
import { XML_DECLARATION } from './xml-text.js';

const MAX_OUTLINE_DEPTH = 7;
const MAX_WIDTH = 255;

/**
 * The sheet's XML before its rows: the elements the standard puts before `sheetData`, in its order
 * (sheetPr, sheetViews, sheetFormatPr, cols). `selected`: the tab Excel opens the workbook on.
 */
export function sheetHead(sheet: Sheet, selected: boolean): string {
  const outline = sheet.outline;
  if (outline && !(Number.isInteger(outline.depth) && outline.depth >= 0 && outline.depth <= MAX_OUTLINE_DEPTH)) {
    throw new RangeError(`sheet ${sheet.name}: outline depth must be 0–${MAX_OUTLINE_DEPTH}`);
  }
  return (
    XML_DECLARATION +
    '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" ' +
    'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">' +
    (outline?.summary === 'above' ? '<sheetPr><outlinePr summaryBelow="0"/></sheetPr>' : '') +
    `<sheetViews><sheetView${selected ? ' tabSelected="1"' : ''} workbookViewId="0">${paneXml(sheet)}</sheetView></sheetViews>` +
    `<sheetFormatPr defaultRowHeight="15"${outline ? ` outlineLevelRow="${outline.depth}"` : ''}/>` +
    colsXml(sheet) +
    '<sheetData>'
  );
}

/** The rest after the rows: margins (Excel's defaults, in inches) and the page, A4 (paperSize 9). */
export function sheetTail(sheet: Sheet): string {
  return (
    '</sheetData>' +
    '<pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" footer="0.3"/>' +
    `<pageSetup paperSize="9" orientation="${sheet.orientation ?? 'portrait'}"/>` +
    '</worksheet>'
  );
}

/** Frozen rows and columns: the pane starts at the first cell below and right of them. */
function paneXml({ name, freeze }: Sheet): string {
  const rows = freeze?.rows ?? 0;
  const columns = freeze?.columns ?? 0;
  if (!Number.isInteger(rows) || !Number.isInteger(columns) || rows < 0 || columns < 0) {
    throw new RangeError(`sheet ${name}: frozen rows and columns must be whole numbers from 0`);
  }
  if (rows === 0 && columns === 0) return '';
  const pane = rows > 0 && columns > 0 ? 'bottomRight' : rows > 0 ? 'bottomLeft' : 'topRight';
  return (
    `<pane${columns > 0 ? ` xSplit="${columns}"` : ''}${rows > 0 ? ` ySplit="${rows}"` : ''}` +
    ` topLeftCell="${columnName(columns)}${rows + 1}" activePane="${pane}" state="frozen"/>` +
    `<selection pane="${pane}"/>`
  );
}

/** Column widths; neighbours of the same width share one `<col>` (60 month columns are one element). */
function colsXml({ name, columns = [] }: Sheet): string {
  let xml = '';
  for (let first = 0; first < columns.length;) {
    const width = columns[first]!.width;
    if (!(width > 0 && width <= MAX_WIDTH))
      throw new RangeError(`sheet ${name}: widths must be above 0 and at most ${MAX_WIDTH}`);
    let last = first;
    while (last + 1 < columns.length && columns[last + 1]!.width === width) last += 1;
    xml += `<col min="${first + 1}" max="${last + 1}" width="${width}" customWidth="1"/>`;
    first = last + 1;
  }
  return xml && `<cols>${xml}</cols>`;
}
