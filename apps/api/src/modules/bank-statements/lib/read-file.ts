import type { CsvMapping } from '@saldopilot/shared';
import { parseCamt } from './camt.js';
import { parseCsv } from './csv.js';
import { notAStatement } from './file-kind.js';
import { countCsvLines, newReadBudget, type ReadBudget } from './read-budget.js';
import { FILE_LIMITS, StatementFileError, type ParsedStatement } from './statement.js';
import { unzipStatements } from './zip.js';

type Format = 'xml' | 'zip' | 'csv';

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];

/** What the bytes look like: a zip by its signature, XML by its first character, else CSV. */
function sniff(bytes: Uint8Array): Format {
  if (ZIP_MAGIC.every((byte, index) => bytes[index] === byte)) return 'zip';
  let index = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  while (index < bytes.length && [0x20, 0x09, 0x0a, 0x0d].includes(bytes[index]!)) index += 1;
  return bytes[index] === 0x3c ? 'xml' : 'csv';
}

/** The format a content type names; octet-stream (and none) is decided by the bytes. */
function formatOf(contentType: string | undefined): Format | undefined {
  const type = contentType?.split(';')[0]?.trim().toLowerCase();
  if (type === 'application/xml' || type === 'text/xml') return 'xml';
  if (type === 'application/zip' || type === 'application/x-zip-compressed') return 'zip';
  if (type === 'text/csv') return 'csv';
  return undefined;
}

function readOne(
  bytes: Uint8Array,
  format: Format,
  fileName: string | null,
  budget: ReadBudget,
  csvMapping?: CsvMapping,
): ParsedStatement[] {
  if (format === 'xml') return parseCamt(bytes, fileName, budget);
  if (format === 'csv') {
    countCsvLines(budget, bytes);
    return [parseCsv(bytes, fileName, csvMapping)];
  }
  throw new StatementFileError('Ein ZIP-Archiv darf keine weiteren ZIP-Archive enthalten.');
}

function refuseNonStatement(bytes: Uint8Array): void {
  const message = notAStatement(bytes);
  if (message) throw new StatementFileError(message);
}

/** The name of a file inside a zip, in front of its own message. */
function inFile(name: string, error: unknown): never {
  if (error instanceof StatementFileError) throw new StatementFileError(`${name.slice(0, 100)}: ${error.message}`);
  throw error;
}

/**
 * The statements of an uploaded file: a camt.053/054, a CSV export or a zip of them
 * (docs/bank-statements.md "Files"). Throws StatementFileError with a German message for a file
 * that cannot be read at all. `csvMapping` (the chosen account's) reads CSV files whose headers are
 * not recognised. The limits on elements and entries hold for the whole upload, every file of a
 * zip counted together ("Safe parsing").
 */
export function readStatementFile(bytes: Uint8Array, contentType?: string, csvMapping?: CsvMapping): ParsedStatement[] {
  if (bytes.length === 0) throw new StatementFileError('Die Datei ist leer.');
  if (bytes.length > FILE_LIMITS.fileBytes) {
    throw new StatementFileError(`Die Datei ist grösser als ${FILE_LIMITS.fileBytes / 1024 / 1024} MB.`);
  }
  // A PDF, an Excel file, … is named as what it is, whatever type it was sent as.
  refuseNonStatement(bytes);
  const declared = formatOf(contentType);
  const sniffed = sniff(bytes);
  if (declared === 'zip' && sniffed !== 'zip') throw new StatementFileError('Die Datei ist kein ZIP-Archiv.');
  const format = sniffed === 'zip' ? 'zip' : (declared ?? sniffed);
  const budget = newReadBudget();
  if (format !== 'zip') return readOne(bytes, format, null, budget, csvMapping);
  return unzipStatements(bytes).flatMap((file) => {
    const name = (file.name.split('/').at(-1) ?? file.name).slice(0, 200);
    const extension = name.toLowerCase().split('.').at(-1);
    const inner = extension === 'csv' ? 'csv' : extension === 'xml' ? 'xml' : sniff(file.bytes);
    try {
      refuseNonStatement(file.bytes);
      return readOne(file.bytes, inner, name, budget, csvMapping);
    } catch (error) {
      return inFile(name, error);
    }
  });
}
