import { formatDate, looksLikeIban, normalizeAccountNumber, normalizeIban, type CsvMapping } from '@saldopilot/shared';
import { localAmountToMinorUnits, localDateToIso, minorUnitsOf } from './amounts.js';
import { classifyReference, wrongReferenceWarning } from './references.js';
import {
  periodOf,
  StatementFileError,
  type CsvColumnRole,
  type ParsedEntry,
  type ParsedStatement,
} from './statement.js';

/**
 * CSV exports of e-banking (docs/bank-statements.md "CSV"): encoding, delimiter and header row are
 * detected, columns are found by their names (German and English, as Swiss banks write them), and
 * every row that cannot be read is reported by its line ("Zeile 7: Datum fehlt").
 */

type Column = CsvColumnRole;

// Header names by column, matched at the start of the lower-cased header cell; the first match wins.
const HEADER_NAMES: [Column, RegExp][] = [
  ['valueDate', /^(valuta|value date|wertstellung|valutadatum)/],
  ['date', /^(buchungsdatum|buchungstag|abschlussdatum|transaktionsdatum|datum|date|booking date)/],
  ['balance', /^(saldo|balance|kontostand)/],
  // The account the rows belong to (its IBAN or number), not the counterparty's: the whole header cell.
  [
    'account',
    /^(iban|konto|kontonummer|konto-?nr\.?|account|account number|account no\.?|auftraggeberkonto|iban konto)$/,
  ],
  ['credit', /^(gutschrift|haben|credit|eingang)/],
  ['debit', /^(lastschrift|belastung|soll|debit|ausgang)/],
  ['amount', /^(betrag|einzelbetrag|amount)/],
  ['reference', /^(referenz|reference|ref\.)/],
  ['currency', /^(währung|waehrung|whrg|currency)/],
  [
    'counterparty',
    /^(empfänger|zahlungsempfänger|auftraggeber|gegenpartei|begünstigter|zahlungspflichtiger|name|counterparty)/,
  ],
  [
    'text',
    /^(buchungstext|avisierungstext|text|beschreibung|mitteilung|details|zahlungszweck|verwendungszweck|description)/,
  ],
];

const DELIMITERS = [';', ',', '\t'] as const;
/** The header must come within this many records (bank exports put account details above it). */
const HEADER_SEARCH = 30;

interface CsvRecord {
  line: number;
  cells: string[];
}

/** CSV bytes as text: UTF-8 with or without BOM; bytes that are not UTF-8 are read as windows-1252. */
export function decodeCsv(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/**
 * Records of CSV text (RFC 4180 quotes, a quoted cell may span lines), each with the line it starts
 * on; at most `limit`. Runs between special characters are taken as slices, not character by
 * character: a 20 MB file needs a tenth of the time and memory (docs/bank-statements.md "Speed").
 */
export function splitRecords(text: string, delimiter: string, limit = Infinity): CsvRecord[] {
  const records: CsvRecord[] = [];
  const separator = delimiter.charCodeAt(0);
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let start = 1;
  let index = 0;
  const newlinesIn = (chunk: string) => {
    let count = 0;
    for (let at = chunk.indexOf('\n'); at !== -1; at = chunk.indexOf('\n', at + 1)) count += 1;
    return count;
  };
  while (index < text.length && records.length < limit) {
    if (quoted) {
      const quote = text.indexOf('"', index);
      const chunk = text.slice(index, quote === -1 ? text.length : quote);
      line += newlinesIn(chunk);
      cell += chunk;
      if (quote === -1) index = text.length;
      else if (text[quote + 1] === '"') {
        cell += '"';
        index = quote + 2;
      } else {
        quoted = false;
        index = quote + 1;
      }
      continue;
    }
    let end = index;
    while (end < text.length) {
      const code = text.charCodeAt(end);
      if (code === separator || code === 0x22 || code === 0x0a || code === 0x0d) break;
      end += 1;
    }
    if (end > index) {
      cell += text.slice(index, end);
      index = end;
      if (index >= text.length) break;
    }
    const character = text[index]!;
    index += 1;
    if (character === '"' && cell.trim() === '') {
      quoted = true;
      cell = '';
    } else if (character === delimiter) {
      cells.push(cell);
      cell = '';
    } else if (character === '\n' || character === '\r') {
      if (character === '\r' && text[index] === '\n') index += 1;
      cells.push(cell);
      records.push({ line: start, cells });
      cells = [];
      cell = '';
      line += 1;
      start = line;
    } else cell += character;
  }
  if (records.length < limit && (cell !== '' || cells.length > 0)) {
    cells.push(cell);
    records.push({ line: start, cells });
  }
  return records;
}

/** Which column holds what, from a header row; undefined unless it names a date and an amount (or credit/debit). */
function mappingOf(header: string[]): Partial<Record<Column, number[]>> | undefined {
  const mapping: Partial<Record<Column, number[]>> = {};
  header.forEach((cell, index) => {
    const name = cell.trim().toLowerCase();
    const column = HEADER_NAMES.find(([, pattern]) => pattern.test(name))?.[0];
    if (column) (mapping[column] ??= []).push(index);
  });
  const hasAmount = mapping.amount || mapping.credit || mapping.debit;
  return mapping.date && hasAmount ? mapping : undefined;
}

/** The currency a header names ("Gutschrift in CHF", "Betrag (EUR)"). */
function currencyInHeader(header: string[], columns: number[]): string | undefined {
  for (const index of columns) {
    const code = /\b([A-Z]{3})\b/.exec(header[index] ?? '')?.[1];
    if (code) return code;
  }
  return undefined;
}

type Layout = { delimiter: string; records: CsvRecord[]; headerAt: number; mapping: Partial<Record<Column, number[]>> };

/** A person's mapping (header names) applied to a header row; undefined unless every named column is there. */
function chosenMappingOf(header: string[], chosen: CsvMapping): Partial<Record<Column, number[]>> | undefined {
  const names = header.map((cell) => cell.trim().toLowerCase());
  const mapping: Partial<Record<Column, number[]>> = {};
  for (const [role, value] of Object.entries(chosen) as [Column, string | string[] | null | undefined][]) {
    for (const name of [value ?? []].flat()) {
      const index = names.indexOf(name.trim().toLowerCase());
      if (index < 0) return undefined;
      (mapping[role] ??= []).push(index);
    }
  }
  return mapping;
}

/**
 * The delimiter, the header row and its mapping: with a person's mapping, the first row (of the
 * first 30) that names all its columns; else the delimiter whose header names the most known columns.
 */
function detectLayout(text: string, chosen?: CsvMapping): Layout {
  let best: Layout | undefined;
  // The header is looked for in the first rows only; the whole file is split once, by the delimiter found.
  const whole = (layout: Layout): Layout => ({ ...layout, records: splitRecords(text, layout.delimiter) });
  for (const delimiter of DELIMITERS) {
    const records = splitRecords(text, delimiter, HEADER_SEARCH);
    const limit = Math.min(records.length, HEADER_SEARCH);
    for (let index = 0; index < limit; index += 1) {
      const cells = records[index]!.cells;
      const mapping = chosen ? chosenMappingOf(cells, chosen) : mappingOf(cells);
      if (!mapping) continue;
      if (chosen) return whole({ delimiter, records, headerAt: index, mapping });
      const named = Object.values(mapping).flat().length;
      if (!best || named > Object.values(best.mapping).flat().length) {
        best = { delimiter, records, headerAt: index, mapping };
      }
      break;
    }
  }
  if (chosen) {
    const names = Object.values(chosen)
      .flat()
      .filter(Boolean)
      .map((name) => `«${String(name)}»`);
    throw new StatementFileError(
      `Die gespeicherte CSV-Zuordnung passt nicht zu dieser Datei: keine Kopfzeile mit den Spalten ${names.join(', ')}.`,
    );
  }
  if (!best) {
    throw new StatementFileError(
      'CSV-Datei ohne erkennbare Kopfzeile: erwartet wird eine Zeile mit den Spalten Datum und Betrag (oder Gutschrift und Belastung).',
    );
  }
  return whole(best);
}

/**
 * The layout by the remembered mapping; when it does not fit, by the header names (with a warning),
 * and when neither reads the file, the mapping's message.
 */
function layoutOf(text: string, chosen: CsvMapping | undefined, warnings: string[]): Layout {
  if (!chosen) return detectLayout(text);
  try {
    return detectLayout(text, chosen);
  } catch (error) {
    try {
      const layout = detectLayout(text);
      warnings.push(
        'Die gespeicherte CSV-Zuordnung passt nicht zu dieser Datei; die Spalten wurden an ihren Namen erkannt.',
      );
      return layout;
    } catch {
      throw error;
    }
  }
}

/**
 * A CSV whose header names no known column (docs/bank-statements.md "CSV"): no entries yet, its
 * first row's cells offered for the mapping step, and an error that keeps it from being imported
 * until the person has said which column holds the date and the amount. Undefined when the text has
 * no row of two or more cells (it is no table at all: the file's own 400 stays).
 */
function unmappedStatement(text: string, fileName: string | null): ParsedStatement | undefined {
  let header: string[] | undefined;
  for (const delimiter of DELIMITERS) {
    const first = splitRecords(text, delimiter).find(
      (record) => record.cells.filter((cell) => cell.trim()).length >= 2,
    );
    if (first && first.cells.length > (header?.length ?? 1)) header = first.cells;
  }
  if (!header) return undefined;
  return {
    kind: 'csv',
    version: null,
    fileName,
    statementId: null,
    iban: null,
    accountNumber: null,
    currency: null,
    period: null,
    opening: null,
    closing: null,
    entries: [],
    pendingCount: 0,
    warnings: [],
    errors: [
      'Die Spalten dieser CSV-Datei sind unbekannt: bitte ordnen Sie mindestens Datum und Betrag (oder Gutschrift und Belastung) zu.',
    ],
    csvColumns: header.slice(0, 100).map((cell) => ({ header: cell.trim().slice(0, 100), role: null })),
  };
}

/** Reads a CSV export into one statement; unreadable rows are errors of the statement, by line. */
export function parseCsv(bytes: Uint8Array, fileName: string | null = null, chosen?: CsvMapping): ParsedStatement {
  const text = decodeCsv(bytes);
  const warnings: string[] = [];
  let layout: Layout;
  try {
    layout = layoutOf(text, chosen, warnings);
  } catch (error) {
    const unmapped = chosen ? undefined : unmappedStatement(text, fileName);
    if (unmapped) return unmapped;
    throw error;
  }
  const { records, headerAt, mapping } = layout;
  const header = records[headerAt]!.cells;
  const cellOf = (record: CsvRecord, column: Column) =>
    (mapping[column] ?? []).map((index) => (record.cells[index] ?? '').trim());
  const first = (record: CsvRecord, column: Column) => cellOf(record, column).find((value) => value !== '') ?? '';

  // Above the header: the account's IBAN and currency, where the export names them.
  let iban: string | null = null;
  for (const record of records.slice(0, headerAt)) {
    for (const cell of record.cells) {
      const candidate = normalizeIban(cell.replace(/^iban:?/i, ''));
      if (!iban && looksLikeIban(candidate)) iban = candidate;
    }
  }
  let currency =
    currencyInHeader(header, [
      ...(mapping.amount ?? []),
      ...(mapping.credit ?? []),
      ...(mapping.debit ?? []),
      ...(mapping.balance ?? []),
    ]) ?? null;
  const minorUnits = () => minorUnitsOf(currency);

  // The account column: its IBAN (or number) names the account as an IBAN above the header would.
  const accounts = new Set<string>();
  const entries: ParsedEntry[] = [];
  const balances: (number | undefined)[] = [];
  const errors: string[] = [];
  for (const record of records.slice(headerAt + 1)) {
    const filled = record.cells.filter((cell) => cell.trim() !== '').length;
    // Empty lines and single notes (a footer, a disclaimer) are no bookings.
    if (filled < 2) continue;
    const problems: string[] = [];
    const rawDate = first(record, 'date');
    const bookingDate = rawDate ? localDateToIso(rawDate) : undefined;
    if (!rawDate) problems.push('Datum fehlt');
    else if (!bookingDate) problems.push(`Ungültiges Datum «${rawDate.slice(0, 20)}»`);
    const rowCurrency = first(record, 'currency').toUpperCase();
    if (/^[A-Z]{3}$/.test(rowCurrency)) currency ??= rowCurrency;
    const readAmount = (raw: string) => {
      const value = localAmountToMinorUnits(raw, minorUnits());
      if (value === undefined) problems.push(`Ungültiger Betrag «${raw.slice(0, 20)}»`);
      return value;
    };
    const [rawAmount, credit, debit] = [first(record, 'amount'), first(record, 'credit'), first(record, 'debit')];
    let amount: number | undefined;
    if (rawAmount) amount = readAmount(rawAmount);
    else if (credit && debit) problems.push('Gutschrift und Belastung zugleich');
    else if (credit || debit) {
      // Exports write debits with or without a minus: the column says the direction.
      const value = readAmount(credit || debit);
      amount = value === undefined ? undefined : credit ? Math.abs(value) : -Math.abs(value);
    } else problems.push('Betrag fehlt');
    const rawBalance = first(record, 'balance');
    let balance: number | undefined;
    if (rawBalance) {
      balance = localAmountToMinorUnits(rawBalance, minorUnits());
      if (balance === undefined) problems.push(`Ungültiger Saldo «${rawBalance.slice(0, 20)}»`);
    }
    const rawValueDate = first(record, 'valueDate');
    const valueDate = rawValueDate ? localDateToIso(rawValueDate) : undefined;
    if (rawValueDate && !valueDate) problems.push(`Ungültiges Valutadatum «${rawValueDate.slice(0, 20)}»`);
    if (problems.length > 0 || bookingDate === undefined || amount === undefined) {
      errors.push(`Zeile ${record.line}: ${problems.join(', ')}`);
      continue;
    }
    const rawAccount = normalizeAccountNumber(first(record, 'account').replace(/^iban:?/i, ''));
    if (rawAccount) accounts.add(rawAccount.slice(0, 34));
    const rawReference = first(record, 'reference');
    const reference = rawReference ? classifyReference(rawReference) : undefined;
    const warning = reference && wrongReferenceWarning(reference);
    if (warning) warnings.push(`Zeile ${record.line} (${formatDate(bookingDate)}): ${warning}`);
    const texts = cellOf(record, 'text').filter(Boolean).join(' ').replace(/\s+/g, ' ');
    const counterpartyIban = normalizeIban(first(record, 'counterparty'));
    entries.push({
      bookingDate,
      valueDate: valueDate ?? null,
      amount,
      currency: /^[A-Z]{3}$/.test(rowCurrency) ? rowCurrency : null,
      counterpartyName: looksLikeIban(counterpartyIban) ? null : first(record, 'counterparty').slice(0, 140) || null,
      counterpartyIban: looksLikeIban(counterpartyIban) ? counterpartyIban.slice(0, 34) : null,
      remittanceInformation: texts.slice(0, 1000) || null,
      reference: reference?.reference.slice(0, 35) ?? null,
      referenceType: reference?.type ?? null,
      bankReference: null,
      isReversal: false,
      charges: null,
    });
    balances.push(balance);
  }
  if (entries.length === 0 && errors.length === 0) errors.push('Die CSV-Datei enthält keine Buchungen.');
  for (const entry of entries) entry.currency ??= currency;

  const period = periodOf(entries.map((entry) => entry.bookingDate));
  // The balance after the latest row: the last row of an export sorted oldest first, else the first.
  const descending = entries.length > 1 && entries[0]!.bookingDate > entries.at(-1)!.bookingDate;
  const latest = descending ? 0 : entries.length - 1;
  const closingAmount = balances[latest];
  const closing =
    closingAmount !== undefined && period
      ? { amount: closingAmount, currency, date: period.to, type: 'CSV' as const }
      : null;
  const opening =
    closing && period
      ? {
          amount: closing.amount - entries.reduce((sum, entry) => sum + entry.amount, 0),
          currency,
          date: period.from,
          type: 'CSV' as const,
        }
      : null;
  let accountNumber: string | null = null;
  const [named, ...others] = [...accounts];
  if (named) {
    const asIban = normalizeIban(named);
    if (!iban && looksLikeIban(asIban)) iban = asIban;
    else if (!iban) accountNumber = named;
    if (others.length > 0) {
      warnings.push(`Die Spalte Konto nennt ${accounts.size} Konten; die Datei wird dem ersten (${named}) zugeordnet.`);
    }
  }
  // No statement id, version or pending entries in an export.
  const read = { iban, accountNumber, currency, period, opening, closing, entries, warnings, errors };
  // What each header cell was taken for, so the person can see how the export was read.
  const roles = new Map(
    Object.entries(mapping).flatMap(([role, indexes]) => indexes.map((index) => [index, role as Column])),
  );
  const csvColumns = header.map((cell, index) => ({
    header: cell.trim().slice(0, 100),
    role: roles.get(index) ?? null,
  }));
  return { kind: 'csv', version: null, fileName, statementId: null, pendingCount: 0, csvColumns, ...read };
}
