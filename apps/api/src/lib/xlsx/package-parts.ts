import { attributeText, XML_DECLARATION } from './xml-text.js';

/**
 * The parts around the sheets that make a ZIP an Excel workbook (docs/reports.md "XLSX"):
 * the content types, the package's and the workbook's relationships, and the workbook with its
 * sheet list. Sheet n is `xl/worksheets/sheet<n>.xml` with relationship `rId<n>`.
 */
const RELATIONSHIPS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const OFFICE = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const SPREADSHEET = 'application/vnd.openxmlformats-officedocument.spreadsheetml';

export const sheetPath = (index: number) => `xl/worksheets/sheet${index + 1}.xml`;

export function contentTypes(sheetCount: number): string {
  const sheets = Array.from(
    { length: sheetCount },
    (_, index) => `<Override PartName="/${sheetPath(index)}" ContentType="${SPREADSHEET}.worksheet+xml"/>`,
  );
  return (
    XML_DECLARATION +
    '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
    '<Default Extension="xml" ContentType="application/xml"/>' +
    `<Override PartName="/xl/workbook.xml" ContentType="${SPREADSHEET}.sheet.main+xml"/>` +
    `<Override PartName="/xl/styles.xml" ContentType="${SPREADSHEET}.styles+xml"/>` +
    sheets.join('') +
    '<Override PartName="/docProps/app.xml" ContentType="application/vnd.openxmlformats-officedocument.extended-properties+xml"/>' +
    '</Types>'
  );
}

export function packageRelationships(): string {
  return (
    XML_DECLARATION +
    `<Relationships xmlns="${RELATIONSHIPS}">` +
    `<Relationship Id="rId1" Type="${OFFICE}/officeDocument" Target="xl/workbook.xml"/>` +
    `<Relationship Id="rId2" Type="${OFFICE}/extended-properties" Target="docProps/app.xml"/>` +
    '</Relationships>'
  );
}

/** Which program wrote the file (Excel shows it under the file's properties). */
export function applicationProperties(): string {
  return (
    XML_DECLARATION +
    '<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties">' +
    '<Application>SaldoPilot</Application></Properties>'
  );
}

export function workbook(sheetNames: readonly string[]): string {
  const sheets = sheetNames.map(
    (name, index) => `<sheet name="${attributeText(name)}" sheetId="${index + 1}" r:id="rId${index + 1}"/>`,
  );
  return (
    XML_DECLARATION +
    `<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="${OFFICE}">` +
    '<bookViews><workbookView activeTab="0"/></bookViews>' +
    `<sheets>${sheets.join('')}</sheets>` +
    '</workbook>'
  );
}

/** The workbook's relationships: its sheets first (rId1…), then the styles. */
export function workbookRelationships(sheetCount: number): string {
  const sheets = Array.from(
    { length: sheetCount },
    (_, index) =>
      `<Relationship Id="rId${index + 1}" Type="${OFFICE}/worksheet" Target="worksheets/sheet${index + 1}.xml"/>`,
  );
  return (
    XML_DECLARATION +
    `<Relationships xmlns="${RELATIONSHIPS}">` +
    sheets.join('') +
    `<Relationship Id="rId${sheetCount + 1}" Type="${OFFICE}/styles" Target="styles.xml"/>` +
    '</Relationships>'
  );
}
