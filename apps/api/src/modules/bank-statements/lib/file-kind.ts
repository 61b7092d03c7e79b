/**
 * Files people upload instead of a statement, named as what they are (docs/bank-statements.md
 * "Files"): a PDF would otherwise be read as a CSV without a header, an Excel file as a
 * zip of unreadable members. Only signatures are looked at, never the content.
 */

/** What a person does instead: the formats the import reads. */
export const STATEMENT_DOWNLOAD = 'Bitte laden Sie den Kontoauszug als camt.053 oder CSV herunter.';

const EXCEL =
  'Das ist eine Excel-Datei. Bitte laden Sie den Kontoauszug im E-Banking als camt.053 oder CSV herunter (oder speichern Sie die Tabelle in Excel als CSV).';

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) =>
  signature.every((byte, index) => bytes[at + index] === byte);

const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-
const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]; // .xls (and other old Office files)
const PNG = [0x89, 0x50, 0x4e, 0x47];
const JPEG = [0xff, 0xd8, 0xff];
const ZIP = [0x50, 0x4b, 0x03, 0x04];

/** The first bytes as text (latin1: every byte one character), for the signatures of text formats. */
const head = (bytes: Uint8Array, length: number) =>
  Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, length)).toString('latin1');

/** An Office Open XML package (`[Content_Types].xml`; a spreadsheet has `xl/`): the names are plain text in a zip. */
function officeMessage(bytes: Uint8Array): string | undefined {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  if (buffer.indexOf('[Content_Types].xml', 0, 'latin1') < 0) return undefined;
  return buffer.indexOf('xl/', 0, 'latin1') >= 0
    ? EXCEL
    : `Das ist ein Office-Dokument, kein Kontoauszug. ${STATEMENT_DOWNLOAD}`;
}

/**
 * The German refusal of a file that is plainly no statement (PDF, Excel, an image, a SWIFT MT940),
 * or undefined for anything the readers should try (XML, zip, CSV).
 */
export function notAStatement(bytes: Uint8Array): string | undefined {
  // A PDF may have a few bytes before its header; readers look within the first kilobyte.
  if (startsWith(bytes, PDF) || head(bytes, 1024).includes('%PDF-')) {
    return `Das ist ein PDF. ${STATEMENT_DOWNLOAD}`;
  }
  if (startsWith(bytes, OLE2)) return EXCEL;
  if (startsWith(bytes, ZIP)) return officeMessage(bytes);
  if (startsWith(bytes, PNG) || startsWith(bytes, JPEG)) {
    return `Das ist ein Bild (ein Foto oder Scan), kein Kontoauszug. ${STATEMENT_DOWNLOAD}`;
  }
  // SWIFT MT940/MT942: a block header `{1:`, or the statement's own fields `:20:` … `:60F:`.
  const text = head(bytes, 4096)
    .replace(/^\uFEFF|^\u00EF\u00BB\u00BF/, '')
    .trimStart();
  if (text.startsWith('{1:') || (/^:20:/.test(text) && /^:(25|28C|60[FM]|61|62[FM]):/m.test(text))) {
    return `Das ist ein MT940-Auszug (SWIFT): dieses Format wird nicht gelesen. ${STATEMENT_DOWNLOAD}`;
  }
  return undefined;
}
