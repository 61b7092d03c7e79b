import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { zipSync } from 'fflate';
import { decimalToMinorUnits, localAmountToMinorUnits, localDateToIso } from './amounts.js';
import { parseCamt } from './camt.js';
import { parseCsv } from './csv.js';
import { entryIdentities } from './identity.js';
import { readStatementFile } from './read-file.js';
import { hasRightMod10Digit, isValidScor } from '@saldopilot/shared';
import { classifyReference } from './references.js';
import { StatementFileError, type ParsedStatement } from './statement.js';
import { camt053 } from '../../../test/camt-file.js';

const fixture = (name: string) => new Uint8Array(readFileSync(new URL(`../fixtures/${name}`, import.meta.url)));
const text = (value: string) => new TextEncoder().encode(value);
const sum = (statement: ParsedStatement) => statement.entries.reduce((total, entry) => total + entry.amount, 0);

function refusal(read: () => unknown): string {
  try {
    read();
  } catch (error) {
    if (error instanceof StatementFileError) return error.message;
    throw error;
  }
  throw new Error('the file was read');
}

describe('amounts', () => {
  it('reads decimals into minor units from the digits, never through a float', () => {
    expect(decimalToMinorUnits('1234.5')).toBe(123450);
    expect(decimalToMinorUnits('0.29')).toBe(29);
    expect(decimalToMinorUnits('1.005')).toBeUndefined();
    expect(decimalToMinorUnits('1.000')).toBe(100);
    expect(decimalToMinorUnits('1500', 0)).toBe(1500);
    expect(decimalToMinorUnits('1.234', 3)).toBe(1234);
    expect(decimalToMinorUnits('9999999999999.99')).toBeUndefined();
    expect(decimalToMinorUnits('1e3')).toBeUndefined();
    expect(decimalToMinorUnits('')).toBeUndefined();
  });

  it("reads de-CH amounts: 1'234.50, 1234,50, -1234.50, a trailing minus", () => {
    expect(localAmountToMinorUnits("1'234.50")).toBe(123450);
    expect(localAmountToMinorUnits('1’234.50')).toBe(123450);
    expect(localAmountToMinorUnits('1234,50')).toBe(123450);
    expect(localAmountToMinorUnits('-1234.50')).toBe(-123450);
    expect(localAmountToMinorUnits('12.50-')).toBe(-1250);
    expect(localAmountToMinorUnits('0.25')).toBe(25);
    expect(localAmountToMinorUnits('12.3.4')).toBeUndefined();
    expect(localAmountToMinorUnits('1.234,50')).toBeUndefined();
    expect(localAmountToMinorUnits('abc')).toBeUndefined();
  });

  it('reads dates as dd.mm.yyyy, dd.mm.yy and ISO, and refuses days that do not exist', () => {
    expect(localDateToIso('31.12.2026')).toBe('2026-12-31');
    expect(localDateToIso('1.2.26')).toBe('2026-02-01');
    expect(localDateToIso('2026-12-31')).toBe('2026-12-31');
    expect(localDateToIso('30.02.2026')).toBeUndefined();
    expect(localDateToIso('12/31/2026')).toBeUndefined();
  });
});

describe('references', () => {
  it('checks QR references (27 digits, mod 10 recursive)', () => {
    expect(classifyReference('21 00000 00003 13947 14300 09017')).toEqual({
      reference: '210000000003139471430009017',
      type: 'QRR',
      checkDigitsRight: true,
    });
    expect(classifyReference('210000000003139471430009018').checkDigitsRight).toBe(false);
  });

  it('checks creditor references (ISO 11649, mod 97)', () => {
    expect(isValidScor('RF18539007547034')).toBe(true);
    expect(isValidScor('RF19539007547034')).toBe(false);
    expect(classifyReference('rf18 5390 0754 7034')).toMatchObject({ type: 'SCOR', checkDigitsRight: true });
  });

  it('checks old ISR/ESR references by their declared type or 16 digits', () => {
    expect(hasRightMod10Digit('1234567890123456')).toBe(true);
    expect(classifyReference('1234567890123457', 'ISR')).toMatchObject({ type: 'ISR', checkDigitsRight: false });
    expect(classifyReference('Rechnung 17')).toMatchObject({ type: null, checkDigitsRight: null });
  });
});

describe('camt.053', () => {
  it('reads a .001.08 statement: balances, signs, batch split, reversal, charges, pending left out', () => {
    const [statement] = parseCamt(fixture('camt053-001-08.xml'));
    expect(statement).toMatchObject({
      kind: 'camt.053',
      version: '001.08',
      iban: 'CH5604835012345678009',
      currency: 'CHF',
      period: { from: '2026-11-01', to: '2026-11-20' },
      opening: { amount: 1_000_000, date: '2026-10-31', type: 'OPBD' },
      closing: { amount: 1_192_980, date: '2026-11-20', type: 'CLBD' },
      pendingCount: 1,
      errors: [],
    });
    const entries = statement!.entries;
    expect(entries.map((entry) => entry.amount)).toEqual([
      150_000, -25_040, 20_000, 30_000, 40_000, -12_000, -4_990, -4_990,
    ]);
    expect(sum(statement!)).toBe(statement!.closing!.amount - statement!.opening!.amount);
    expect(entries[0]).toMatchObject({
      counterpartyName: 'Kunde AG',
      counterpartyIban: 'CH0300700110000123456',
      remittanceInformation: 'Rechnung 2026-101',
      reference: '210000000003139471430009017',
      referenceType: 'QRR',
      bankReference: 'A08-001',
    });
    expect(entries[1]).toMatchObject({ charges: 150, referenceType: 'SCOR', counterpartyName: 'Lieferant GmbH' });
    expect(entries.slice(2, 5).map((entry) => [entry.counterpartyName, entry.detailIndex])).toEqual([
      ['Alpha AG', 1],
      ['Beta GmbH', 2],
      ['Gamma Sàrl', 3],
    ]);
    expect(entries[5]).toMatchObject({ isReversal: true, amount: -12_000 });
    expect(entries[6]).toMatchObject({ bankReference: null, remittanceInformation: 'Einkauf Kaffee Debitkarte' });
    expect(statement!.warnings).toEqual([
      'Buchung vom 05.11.2026: QR-Referenz 210000000003139471430009018: Prüfziffer falsch',
      'Buchung vom 05.11.2026: Creditor Reference (SCOR) RF19539007547034: Prüfziffer falsch',
      '1 vorgemerkte Buchung(en) (PDNG) werden nicht importiert.',
    ]);
  });

  it('reads a .001.04 statement with the fallback balances PRCD and CLAV and an entry in another currency', () => {
    const [statement] = parseCamt(fixture('camt053-001-04.xml'));
    expect(statement).toMatchObject({
      version: '001.04',
      opening: { amount: 500_000, type: 'PRCD' },
      closing: { amount: 620_000, type: 'CLAV', date: '2026-11-18' },
    });
    expect(statement!.entries.map((entry) => [entry.amount, entry.currency, entry.referenceType])).toEqual([
      [123_455, 'CHF', 'ISR'],
      [-3_455, 'CHF', null],
      [10_000, 'EUR', null],
    ]);
  });

  it('reads a .001.02 statement: amounts of the details in AmtDtls, a wrong IBAN check digit only warned', () => {
    const [statement] = parseCamt(fixture('camt053-001-02.xml'));
    expect(statement!.iban).toBe('CH2909000000123456780');
    expect(statement!.warnings).toContain('IBAN CH2909000000123456780 des Auszugs: Prüfziffer falsch');
    expect(statement!.entries.map((entry) => [entry.amount, entry.counterpartyName])).toEqual([
      [-60_000, 'Anna Muster'],
      [-40_000, 'Beat Beispiel'],
      [25_000, 'Iota AG'],
    ]);
    expect(sum(statement!)).toBe(statement!.closing!.amount - statement!.opening!.amount);
  });

  it('keeps a collective entry whole when its details do not add up to it, with a warning', () => {
    const xml = new TextDecoder()
      .decode(fixture('camt053-001-08.xml'))
      .replace('<Amt Ccy="CHF">400.00</Amt>', '<Amt Ccy="CHF">399.00</Amt>');
    const [statement] = parseCamt(text(xml));
    expect(statement!.entries).toHaveLength(6);
    expect(statement!.entries[2]).toMatchObject({ amount: 90_000, bankReference: 'A08-003' });
    expect(statement!.warnings).toContain(
      'Buchung 3: Die Einzelbeträge ergeben nicht den Buchungsbetrag 900.00; als eine Buchung übernommen.',
    );
  });
});

// docs/bank-statements.md "Entries"
describe('odd camt values (synthetic files from src/test/camt-file.ts)', () => {
  const IBAN = 'CH5604835012345678009';
  const read = (file: Parameters<typeof camt053>[1]) => parseCamt(text(camt053(IBAN, file)))[0]!;

  it('refuses booking and value dates outside 1900–2999, year 0 and dates with trailing text, by entry', () => {
    const statement = read({
      entries: [
        { amount: '1.00', date: '1899-12-31' },
        { amount: '2.00', date: '0000-01-01' },
        { amount: '3.00', date: '0001-01-01' },
        { amount: '4.00', date: '3000-01-01' },
        { amount: '5.00', date: '2026-11-16garbage' },
        { amount: '6.00', date: '2026-11-16', valueDate: '2026-11-17x' },
        { amount: '7.00', date: '2026-11-16T08:30:00+01:00' },
        { amount: '8.00', date: '1900-01-01', valueDate: '2999-12-31' },
      ],
    });
    expect(statement.entries.map((entry) => [entry.amount, entry.bookingDate, entry.valueDate])).toEqual([
      [700, '2026-11-16', null],
      [800, '1900-01-01', '2999-12-31'],
    ]);
    expect(statement.errors).toEqual([
      'Buchung 1: Ungültiges Buchungsdatum «1899-12-31» (erwartet wird ein Datum JJJJ-MM-TT zwischen 1900 und 2999)',
      'Buchung 2: Ungültiges Buchungsdatum «0000-01-01» (erwartet wird ein Datum JJJJ-MM-TT zwischen 1900 und 2999)',
      'Buchung 3: Ungültiges Buchungsdatum «0001-01-01» (erwartet wird ein Datum JJJJ-MM-TT zwischen 1900 und 2999)',
      'Buchung 4: Ungültiges Buchungsdatum «3000-01-01» (erwartet wird ein Datum JJJJ-MM-TT zwischen 1900 und 2999)',
      'Buchung 5: Ungültiges Buchungsdatum «2026-11-16garbage» (erwartet wird ein Datum JJJJ-MM-TT zwischen 1900 und 2999)',
      'Buchung 6: Ungültiges Valutadatum «2026-11-17x» (erwartet wird ein Datum JJJJ-MM-TT zwischen 1900 und 2999)',
    ]);
    // The CSV reader keeps the same range.
    expect(localDateToIso('31.12.1899')).toBeUndefined();
    expect(localDateToIso('2026-11-16garbage')).toBeUndefined();
  });

  it('refuses a negative amount (the direction is CdtDbtInd alone), naming the entry', () => {
    const statement = read({
      entries: [
        { amount: '-5.00', indicator: 'CRDT' },
        { amount: '-7.00', indicator: 'DBIT' },
        { amount: '7.00', indicator: 'DBIT' },
      ],
    });
    expect(statement.entries.map((entry) => entry.amount)).toEqual([-700]);
    expect(statement.errors).toEqual([
      'Buchung 1: Negativer Betrag «-5.00»: in camt steht der Betrag ohne Vorzeichen, die Richtung in CdtDbtInd.',
      'Buchung 2: Negativer Betrag «-7.00»: in camt steht der Betrag ohne Vorzeichen, die Richtung in CdtDbtInd.',
    ]);
  });

  it('keeps a collective entry with a signed detail amount whole, with a warning', () => {
    const xml = camt053(IBAN, { entries: [{ amount: '10.00' }] }).replace(
      '</BookgDt>',
      '</BookgDt><NtryDtls><TxDtls><Amt Ccy="CHF">-5.00</Amt></TxDtls><TxDtls><Amt Ccy="CHF">15.00</Amt></TxDtls></NtryDtls>',
    );
    const [statement] = parseCamt(text(xml));
    expect(statement!.entries.map((entry) => entry.amount)).toEqual([1000]);
    expect(statement!.warnings).toEqual([
      'Buchung 1: Ein Einzelbetrag hat ein Vorzeichen; als eine Buchung übernommen.',
    ]);
  });

  it('warns of a balance it cannot read instead of dropping it silently', () => {
    const statement = read({
      balances: [
        { type: 'OPBD', amount: '100.00', date: '2026-11-01' },
        { type: 'CLBD', amount: '12,50', date: '2026-11-20' },
        { type: 'CLAV', amount: '-3.00', date: '2026-11-20' },
        { type: 'ITBD', amount: '1.00', date: '1800-01-01' },
      ],
      entries: [{ amount: '1.00' }],
    });
    expect(statement.opening).toMatchObject({ amount: 100_00, type: 'OPBD' });
    expect(statement.closing).toBeNull();
    expect(statement.warnings).toEqual([
      'Saldo 2 (CLBD) ist unlesbar (Betrag «12,50», Datum «2026-11-20»): nicht übernommen.',
      'Saldo 3 (CLAV) ist unlesbar (Betrag «-3.00», Datum «2026-11-20»): nicht übernommen.',
      'Saldo 4 (ITBD) ist unlesbar (Betrag «1.00», Datum «1800-01-01»): nicht übernommen.',
    ]);
  });
});

describe('camt.054', () => {
  it('reads .001.08 and .001.04 notifications without balances', () => {
    const [v08] = parseCamt(fixture('camt054-001-08.xml'));
    const [v04] = parseCamt(fixture('camt054-001-04.xml'));
    expect(v08).toMatchObject({ kind: 'camt.054', version: '001.08', opening: null, closing: null });
    expect(v08!.entries.map((entry) => entry.bankReference)).toEqual(['A08-001', 'A08-005']);
    expect(v04).toMatchObject({ kind: 'camt.054', version: '001.04', iban: 'CH0300700110000123456' });
    expect(v04!.entries[0]).toMatchObject({ amount: 8_000, referenceType: 'QRR' });
  });
});

describe('refused XML', () => {
  it('refuses a DOCTYPE before reading any entity', () => {
    const bomb = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]><Document>&lol2;</Document>`;
    expect(refusal(() => parseCamt(text(bomb)))).toMatch(/DOCTYPE/);
    const external = `<?xml version="1.0"?><!DOCTYPE d SYSTEM "file:///etc/passwd"><Document/>`;
    expect(refusal(() => parseCamt(text(external)))).toMatch(/DOCTYPE/);
  });

  it('refuses an undeclared entity instead of expanding it', () => {
    expect(refusal(() => parseCamt(text('<Document>&xxe;</Document>')))).toMatch(/beschädigt/);
  });

  it('names a foreign root element', () => {
    expect(refusal(() => parseCamt(text('<html><body/></html>')))).toBe(
      'Keine camt.053/054-Datei: Wurzelelement «html» statt «Document» mit camt-Namensraum.',
    );
    // A payment order is named as what it is (docs/bank-statements.md "Files"), not as a camt file with a wrong root.
    const pain = '<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.09"><CstmrCdtTrfInitn/></Document>';
    expect(refusal(() => parseCamt(text(pain)))).toBe('Das ist ein Zahlungsauftrag (pain.001), kein Kontoauszug.');
    const camt052 = '<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.052.001.08"><BkToCstmrAcctRpt/></Document>';
    expect(refusal(() => parseCamt(text(camt052)))).toMatch(/camt\.052\.001\.08 wird nicht gelesen/);
    const v06 = '<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.06"><BkToCstmrStmt/></Document>';
    expect(refusal(() => parseCamt(text(v06)))).toMatch(/camt\.053\.001\.06 wird nicht unterstützt/);
  });

  it('names a truncated file with its line', () => {
    const whole = new TextDecoder().decode(fixture('camt053-001-08.xml'));
    const message = refusal(() => parseCamt(text(whole.slice(0, 2000))));
    expect(message).toMatch(/^Die XML-Datei ist beschädigt oder unvollständig \(Zeile \d+\)/);
  });

  it('refuses nesting deeper than any statement', () => {
    expect(refusal(() => parseCamt(text('<a>'.repeat(100) + '</a>'.repeat(100))))).toMatch(/zu tief/);
  });
});

describe('CSV', () => {
  it('layout A: BOM, semicolons, account above the header, credit/debit columns, balance, newest first', () => {
    const statement = parseCsv(fixture('csv-layout-a.csv'));
    expect(statement).toMatchObject({
      kind: 'csv',
      iban: 'CH7730000001250094239',
      currency: 'CHF',
      period: { from: '2026-11-05', to: '2026-11-18' },
      closing: { amount: 421_550, date: '2026-11-18', type: 'CSV' },
      opening: { amount: 500_000, date: '2026-11-05' },
      errors: [],
    });
    expect(statement.entries.map((entry) => [entry.bookingDate, entry.amount, entry.remittanceInformation])).toEqual([
      ['2026-11-18', -8_500, 'Einkauf Bürobedarf; Papeterie Muster'],
      ['2026-11-12', 130_050, 'Gutschrift Kunde Omega AG'],
      ['2026-11-05', -200_000, 'Miete November Büro'],
    ]);
  });

  it('layout B: windows-1252, commas, quoted cells, one signed amount, references checked', () => {
    const statement = parseCsv(fixture('csv-layout-b.csv'));
    expect(statement.closing).toBeNull();
    expect(statement.entries.map((entry) => [entry.amount, entry.counterpartyName, entry.referenceType])).toEqual([
      [-123_450, 'Müller & Söhne AG', 'SCOR'],
      [300_000, 'Kunde Pi AG', 'QRR'],
      [-1_280, null, null],
    ]);
    expect(statement.entries[2]!.remittanceInformation).toBe('Kartenzahlung Café Zürich');
    expect(statement.warnings).toEqual([
      'Zeile 3 (09.11.2026): QR-Referenz 210000000003139471430009018: Prüfziffer falsch',
    ]);
  });

  it('layout C: ISO dates, positive debit and credit columns, balance, oldest first', () => {
    const statement = parseCsv(fixture('csv-layout-c.csv'));
    expect(statement.entries.map((entry) => entry.amount)).toEqual([50_000, -125_025, 25]);
    expect(statement.closing).toMatchObject({ amount: 925_000, date: '2026-11-14' });
    expect(statement.opening).toMatchObject({ amount: 1_000_000 });
  });

  it('reports unreadable rows by line', () => {
    expect(parseCsv(fixture('csv-errors.csv')).errors).toEqual([
      'Zeile 3: Datum fehlt',
      'Zeile 4: Ungültiger Betrag «12.3.4»',
    ]);
  });

  it('reads unknown headers with a remembered mapping (by header names), else by the known names with a warning', () => {
    const file = text('Kontoauszug\nTag;Was;Wieviel;Stand\n03.11.2026;Miete;-1200.00;800.00\n');
    const mapping = { date: 'tag', amount: 'Wieviel', text: ['Was'], balance: 'Stand' };
    const statement = parseCsv(file, null, mapping);
    expect(statement.entries[0]).toMatchObject({
      bookingDate: '2026-11-03',
      amount: -120_000,
      remittanceInformation: 'Miete',
    });
    expect(statement.closing).toMatchObject({ amount: 80_000 });
    expect(refusal(() => parseCsv(file, null, { ...mapping, reference: 'Ref' }))).toBe(
      'Die gespeicherte CSV-Zuordnung passt nicht zu dieser Datei: keine Kopfzeile mit den Spalten «tag», «Wieviel», «Was», «Stand», «Ref».',
    );
    const known = parseCsv(fixture('csv-layout-c.csv'), null, mapping);
    expect(known.entries).toHaveLength(3);
    expect(known.warnings).toEqual([
      'Die gespeicherte CSV-Zuordnung passt nicht zu dieser Datei; die Spalten wurden an ihren Namen erkannt.',
    ]);
  });

  it('detects tabs and refuses a file without a header', () => {
    const tabbed = parseCsv(text('Datum\tText\tBetrag\n01.11.2026\tA\t1.00\n'));
    expect(tabbed.entries[0]).toMatchObject({ amount: 100, remittanceInformation: 'A' });
    // Unknown column names: nothing read yet, the first row offered for the mapping step, not importable.
    const unmapped = parseCsv(text('a;b\n1;2\n'));
    expect(unmapped.entries).toEqual([]);
    expect(unmapped.csvColumns).toEqual([
      { header: 'a', role: null },
      { header: 'b', role: null },
    ]);
    expect(unmapped.errors).toEqual([expect.stringMatching(/Spalten dieser CSV-Datei sind unbekannt/)]);
    // No table at all: still the file's own refusal.
    expect(refusal(() => parseCsv(text('nur eine Zeile ohne Trenner\n')))).toMatch(/ohne erkennbare Kopfzeile/);
  });
});

describe('files and zips', () => {
  it('reads a zip of camt files, each statement with its file name', () => {
    const statements = readStatementFile(fixture('statements-001-04.zip'), 'application/zip');
    expect(statements.map((statement) => [statement.fileName, statement.kind])).toEqual([
      ['camt053-001-04.xml', 'camt.053'],
      ['camt054-001-04.xml', 'camt.054'],
    ]);
  });

  it('detects the format of an octet stream by its bytes', () => {
    expect(readStatementFile(fixture('camt054-001-08.xml'), 'application/octet-stream')[0]!.kind).toBe('camt.054');
    expect(readStatementFile(fixture('csv-layout-c.csv'), 'application/octet-stream')[0]!.kind).toBe('csv');
    expect(refusal(() => readStatementFile(fixture('csv-layout-c.csv'), 'application/zip'))).toBe(
      'Die Datei ist kein ZIP-Archiv.',
    );
    expect(refusal(() => readStatementFile(new Uint8Array(), 'text/csv'))).toBe('Die Datei ist leer.');
  });

  // docs/bank-statements.md "Files"
  it('names what a file is that is no statement: PDF, Excel, MT940, an image, a payment message', () => {
    // Synthetic bytes written for this test: the signatures of each kind, nothing of a real file.
    const download = 'Bitte laden Sie den Kontoauszug als camt.053 oder CSV herunter.';
    const pdf = text('%PDF-1.7\n%\u00e2\u00e3\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< >>\n%%EOF\n');
    const excel =
      'Das ist eine Excel-Datei. Bitte laden Sie den Kontoauszug im E-Banking als camt.053 oder CSV herunter (oder speichern Sie die Tabelle in Excel als CSV).';
    const xlsx = zipSync({
      '[Content_Types].xml': text('<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>'),
      'xl/workbook.xml': text('<workbook/>'),
    });
    const xls = new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, ...new Array(504).fill(0)]);
    const mt940 = text(
      ':20:STARTUMS\r\n:25:CH9300762011623852957\r\n:28C:1/1\r\n:60F:C261101CHF1000,00\r\n:62F:C261101CHF1000,00\r\n-\r\n',
    );
    const swift = text(
      '{1:F01SPTESTCHZXXX0000000000}{2:O9400000261101SPTESTCHZXXX00000000002611010000N}{4:\r\n:20:X\r\n-}',
    );
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    for (const type of ['application/octet-stream', 'text/csv', 'application/xml', undefined]) {
      expect(refusal(() => readStatementFile(pdf, type))).toBe(`Das ist ein PDF. ${download}`);
      expect(refusal(() => readStatementFile(mt940, type))).toMatch(/^Das ist ein MT940-Auszug \(SWIFT\)/);
      expect(refusal(() => readStatementFile(png, type))).toMatch(/^Das ist ein Bild/);
    }
    expect(refusal(() => readStatementFile(xlsx, 'application/octet-stream'))).toBe(excel);
    expect(refusal(() => readStatementFile(xlsx, 'application/zip'))).toBe(excel);
    expect(refusal(() => readStatementFile(xls))).toBe(excel);
    expect(refusal(() => readStatementFile(swift))).toMatch(/^Das ist ein MT940-Auszug \(SWIFT\)/);
    // Inside a zip, the file is named in front.
    expect(refusal(() => readStatementFile(zipSync({ 'auszug.pdf': pdf })))).toBe(
      `auszug.pdf: Das ist ein PDF. ${download}`,
    );
    const message = (namespace: string) =>
      refusal(() =>
        readStatementFile(text(`<Document xmlns="urn:iso:std:iso:20022:tech:xsd:${namespace}"><X/></Document>`)),
      );
    expect(message('pain.001.001.03')).toBe('Das ist ein Zahlungsauftrag (pain.001), kein Kontoauszug.');
    expect(message('pain.002.001.10')).toBe(
      'Das ist eine Statusmeldung zu einem Zahlungsauftrag (pain.002), kein Kontoauszug.',
    );
    expect(message('pain.008.001.02')).toBe('Das ist ein Lastschriftauftrag (pain.008), kein Kontoauszug.');
    expect(message('camt.052.001.08')).toBe(
      `Das ist ein Kontobericht untertags (camt.052): camt.052.001.08 wird nicht gelesen. ${download}`,
    );
    // A CSV export and a camt file are read as before.
    expect(readStatementFile(fixture('csv-layout-c.csv'), 'application/octet-stream')[0]!.kind).toBe('csv');
  });

  it('stops a zip bomb at 50 MB unpacked, counted while inflating', () => {
    const bomb = zipSync({ 'a.xml': new Uint8Array(60 * 1024 * 1024) }, { level: 9 });
    expect(bomb.length).toBeLessThan(200 * 1024);
    expect(refusal(() => readStatementFile(bomb))).toMatch(/grösser als 50 MB/);
  });

  it('refuses more than 200 files and nested zips', () => {
    const many = zipSync(Object.fromEntries(Array.from({ length: 201 }, (_, i) => [`f${i}.csv`, text('x')])));
    expect(refusal(() => readStatementFile(many))).toBe('Das ZIP-Archiv enthält mehr als 200 Dateien.');
    const nested = zipSync({ 'inner.zip': zipSync({ 'a.csv': text('x') }) });
    expect(refusal(() => readStatementFile(nested))).toMatch(/keine weiteren ZIP-Archive/);
  });

  it('names the file inside the zip that cannot be read', () => {
    const zip = zipSync({ 'kaputt.xml': text('<Document') });
    expect(refusal(() => readStatementFile(zip))).toMatch(/^kaputt\.xml: Die XML-Datei ist beschädigt/);
  });
});

describe('identities', () => {
  it('uses the bank reference, the detail place, or a fingerprint with repeats counted apart', () => {
    const [statement] = parseCamt(fixture('camt053-001-08.xml'));
    const identities = entryIdentities(statement!.entries);
    expect(identities.slice(0, 6)).toEqual([
      'ref:A08-001',
      'ref:A08-002',
      'ref:A08-003/1',
      'ref:A08-003/2',
      'ref:A08-003/3',
      'ref:A08-004',
    ]);
    expect(identities[6]).toMatch(/^fp:/);
    expect(identities[7]).toBe(`${identities[6]}#2`);
    expect(entryIdentities(parseCamt(fixture('camt053-001-08.xml'))[0]!.entries)).toEqual(identities);
  });
});

// Issue 41 (docs/bank-statements.md "Balances", "Entries", "Accounts"): synthetic fixtures, fixtures/README.md.
describe('currencies and statement accounts', () => {
  it('keeps each balance with its own currency, and prefers a closing balance in the account currency', () => {
    const [statement] = parseCamt(fixture('camt053-foreign-balance.xml'));
    expect(statement!.currency).toBe('EUR');
    expect(statement!.opening).toEqual({ amount: 500_00, currency: 'EUR', date: '2026-11-01', type: 'OPBD' });
    expect(statement!.closing).toEqual({ amount: -27_00, currency: 'SEK', date: '2026-11-10', type: 'CLBD' });
    const withClav = new TextDecoder()
      .decode(fixture('camt053-foreign-balance.xml'))
      .replace(
        '</Bal>\n      <Ntry>',
        '</Bal>\n      <Bal><Tp><CdOrPrtry><Cd>CLAV</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">480.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>2026-11-10</Dt></Dt></Bal>\n      <Ntry>',
      );
    expect(parseCamt(text(withClav))[0]!.closing).toEqual({
      amount: 480_00,
      currency: 'EUR',
      date: '2026-11-10',
      type: 'CLAV',
    });
  });

  it('reads the amount details of an entry (instructed and transaction amount), signed as the booking', () => {
    const [statement] = parseCamt(fixture('camt053-instructed-amount.xml'));
    expect(statement!.entries.map((entry) => [entry.amount, entry.currency, entry.amountDetails])).toEqual([
      [
        -20_97,
        'EUR',
        [
          { amount: -19_69, currency: 'CHF' },
          { amount: -20_97, currency: 'EUR' },
        ],
      ],
      [50_00, 'EUR', []],
    ]);
  });

  it('names an account without IBAN by its Othr/Id, with the name the file gives', () => {
    const [statement] = parseCamt(fixture('camt053-other-id.xml'));
    expect(statement).toMatchObject({
      iban: null,
      accountNumber: '0835-123456-01',
      accountName: 'Mietkautionskonto',
      closing: { amount: 84_515_25, currency: 'CHF', date: '2023-06-20' },
    });
    expect(parseCamt(fixture('camt053-001-08.xml'))[0]!.accountNumber).toBeNull();
  });

  it("reads a CSV's account column (IBAN or number), never the counterparty's", () => {
    const iban = 'CH1404835000000004444';
    const csv = parseCsv(text(`Datum;IBAN;Betrag\n02.11.2026;${iban};-12.50\n03.11.2026;${iban};1.00\n`));
    expect(csv).toMatchObject({ iban, accountNumber: null, warnings: [] });
    const numbered = parseCsv(text('Datum;Konto-Nr.;Betrag\n02.11.2026;0835-123456-01;-12.50\n'));
    expect(numbered).toMatchObject({ iban: null, accountNumber: '0835-123456-01' });
    const counterparty = parseCsv(text(`Datum;Empfänger IBAN;Betrag\n02.11.2026;${iban};-12.50\n`));
    expect(counterparty).toMatchObject({ iban: null, accountNumber: null });
    const two = parseCsv(text(`Datum;IBAN;Betrag\n02.11.2026;${iban};-1.00\n03.11.2026;CH5604835012345678009;1.00\n`));
    expect(two.iban).toBe(iban);
    expect(two.warnings).toEqual([`Die Spalte Konto nennt 2 Konten; die Datei wird dem ersten (${iban}) zugeordnet.`]);
  });
});
