/**
 * The files "Kontoauszug importieren" takes (docs/bank-statements.md "Files"): camt.053/054 as
 * XML, a zip of them, a CSV export. Browsers give CSV files different types ("application/
 * vnd.ms-excel" on Windows) and XML files none at times, so the content type comes from the name;
 * anything else is sent as `application/octet-stream`, which the API recognises by its bytes.
 */
export const statementFileAccept = '.xml,.zip,.csv,.txt';

const typeByExtension: Record<string, string> = {
  xml: 'application/xml',
  zip: 'application/zip',
  csv: 'text/csv',
};

export function statementContentType(fileName: string): string {
  const extension = /\.([^.]+)$/.exec(fileName)?.[1]?.toLowerCase() ?? '';
  return typeByExtension[extension] ?? 'application/octet-stream';
}
