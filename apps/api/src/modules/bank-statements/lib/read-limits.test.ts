import { describe, expect, it } from 'vitest';
import { zipSync } from 'fflate';
import { parseCamt } from './camt.js';
import { newReadBudget } from './read-budget.js';
import { readStatementFile } from './read-file.js';
import { PARSE_LIMITS, StatementFileError } from './statement.js';

/** The limits of one upload (docs/bank-statements.md "Safe parsing"); every file is synthetic, built here. */

const encoder = new TextEncoder();
const CAMT_08 = 'urn:iso:std:iso:20022:tech:xsd:camt.053.001.08';

function refusal(read: () => unknown): string {
  try {
    read();
  } catch (error) {
    if (error instanceof StatementFileError) return error.message;
    throw error;
  }
  throw new Error('the file was read');
}

describe('limits of one upload', () => {
  it('refuses a foreign root as it opens, without reading the body', () => {
    const budget = newReadBudget();
    const file = encoder.encode(`<a>${'<a/>'.repeat(1_000_000)}</a>`);
    expect(refusal(() => parseCamt(file, null, budget))).toMatch(/Wurzelelement «a»/);
    expect(budget.elements).toBeLessThan(20_000);
  });

  it('counts the elements of every file of a zip together', () => {
    // Each member alone is under the limit; together they are over it.
    const member = encoder.encode(
      `<Document xmlns="${CAMT_08}"><BkToCstmrStmt><Stmt><Id>1</Id>${'<a/>'.repeat(PARSE_LIMITS.xmlElements / 2)}</Stmt></BkToCstmrStmt></Document>`,
    );
    const zip = zipSync({ 'a.xml': member, 'b.xml': member });
    expect(refusal(() => readStatementFile(zip, 'application/zip'))).toMatch(
      /^b\.xml: Die Datei enthält mehr als 2'000'000 XML-Elemente/,
    );
  }, 30_000);

  it('counts the lines of a CSV as entries before reading it', () => {
    const csv = encoder.encode(`Datum;Betrag\n${'01.01.2026;1\n'.repeat(PARSE_LIMITS.entries + 40)}`);
    expect(refusal(() => readStatementFile(csv, 'text/csv'))).toMatch(/^Die Datei enthält mehr als 200'000 Buchungen/);
  });

  it('keeps no empty element, so millions of them grow no tree, and still reads the statement', () => {
    const file = encoder.encode(
      `<Document xmlns="${CAMT_08}"><BkToCstmrStmt><Stmt><Acct><Id><IBAN>CH5604835012345678009</IBAN></Id></Acct>${'<a/>'.repeat(100_000)}</Stmt></BkToCstmrStmt></Document>`,
    );
    const [statement] = parseCamt(file);
    expect(statement?.iban).toBe('CH5604835012345678009');
  });
});
