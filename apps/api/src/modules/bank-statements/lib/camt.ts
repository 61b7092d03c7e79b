import { formatDate, isValidIban, looksLikeIban, normalizeAccountNumber, normalizeIban } from '@saldopilot/shared';
import { decimalToMinorUnits, isStatementDate, minorUnitsOf } from './amounts.js';
import { STATEMENT_DOWNLOAD } from './file-kind.js';
import { classifyReference, wrongReferenceWarning } from './references.js';
import {
  periodOf,
  StatementFileError,
  type BalanceType,
  type ParsedBalance,
  type ParsedEntry,
  type ParsedStatement,
} from './statement.js';
import { at, child, childrenNamed, decodeXml, firstText, parseXml, textAt, type XmlElement } from './xml.js';
import type { ReadBudget } from './read-budget.js';

/** The message versions read (docs/bank-statements.md "Files"). */
export const SUPPORTED_VERSIONS = {
  'camt.053': ['001.02', '001.04', '001.08'],
  'camt.054': ['001.04', '001.08'],
} as const;

const MESSAGES = {
  'camt.053': { body: 'BkToCstmrStmt', report: 'Stmt' },
  'camt.054': { body: 'BkToCstmrDbtCdtNtfctn', report: 'Ntfctn' },
} as const;

const NAMESPACE = /^urn:iso:std:iso:20022:tech:xsd:(camt\.05[0-9])\.(\d{3}\.\d{2})$/;
const PAYMENT_NAMESPACE = /^urn:iso:std:iso:20022:tech:xsd:(pain\.\d{3})\.\d{3}\.\d{2}$/;

/** ISO 20022 payment messages people take for statements, named as what they are (docs/bank-statements.md "Files"). */
const PAYMENT_MESSAGES: Record<string, string> = {
  'pain.001': 'ein Zahlungsauftrag',
  'pain.002': 'eine Statusmeldung zu einem Zahlungsauftrag',
  'pain.008': 'ein Lastschriftauftrag',
};

const clip = (text: string | undefined, max: number): string | null =>
  text === undefined ? null : text.replace(/\s+/g, ' ').slice(0, max);

// An ISO date, optionally with a time and a zone (`Dt` or `DtTm`), and nothing after it.
const DATE_TEXT =
  /^([0-9]{4}-[0-9]{2}-[0-9]{2})(?:T[0-9]{2}:[0-9]{2}:[0-9]{2}(?:\.[0-9]+)?)?(?:Z|[+-][0-9]{2}:[0-9]{2})?$/;

/** The day of an ISO date or date-time text, from 1900 to 2999 (docs/bank-statements.md "Entries"). */
const dayOf = (text: string | undefined): string | undefined => {
  const day = text === undefined ? undefined : DATE_TEXT.exec(text.trim())?.[1];
  return day && isStatementDate(day) ? day : undefined;
};

/** The text of a date choice (`Dt` or `DtTm`), as the file writes it. */
const dateTextOf = (element: XmlElement | undefined): string | undefined => firstText(element, ['Dt', 'DtTm']);

/** The day of a date choice (`Dt` or `DtTm`). */
const dateOf = (element: XmlElement | undefined): string | undefined => dayOf(dateTextOf(element));

const badDate = (what: string, text: string) =>
  `${what} «${text.slice(0, 40)}» (erwartet wird ein Datum JJJJ-MM-TT zwischen 1900 und 2999)`;

/** The kind and version a document's namespace names, or a German refusal naming the root. */
function messageOf(document: XmlElement): { kind: 'camt.053' | 'camt.054'; version: string } {
  const namespaces = Object.entries(document.attributes).filter(
    ([name]) => name === 'xmlns' || name.startsWith('xmlns:'),
  );
  const payment = namespaces.map(([, uri]) => PAYMENT_NAMESPACE.exec(uri)?.[1]).find(Boolean);
  if (payment) {
    throw new StatementFileError(
      `Das ist ${PAYMENT_MESSAGES[payment] ?? 'eine Zahlungsnachricht'} (${payment}), kein Kontoauszug.`,
    );
  }
  const match = namespaces.map(([, uri]) => NAMESPACE.exec(uri)).find(Boolean);
  if (document.name !== 'Document' || !match) {
    const shown = match ? `${document.name} (${match[1]}.${match[2]})` : document.name;
    throw new StatementFileError(
      `Keine camt.053/054-Datei: Wurzelelement «${shown}» statt «Document» mit camt-Namensraum.`,
    );
  }
  const kind = match[1]!;
  const version = match[2]!;
  if (kind === 'camt.052') {
    throw new StatementFileError(
      `Das ist ein Kontobericht untertags (camt.052): ${kind}.${version} wird nicht gelesen. ${STATEMENT_DOWNLOAD}`,
    );
  }
  if (kind !== 'camt.053' && kind !== 'camt.054') {
    throw new StatementFileError(
      `Keine camt.053/054-Datei: ${kind}.${version} wird nicht gelesen (nur Kontoauszüge camt.053 und Avisierungen camt.054).`,
    );
  }
  if (!(SUPPORTED_VERSIONS[kind] as readonly string[]).includes(version)) {
    throw new StatementFileError(
      `${kind}.${version} wird nicht unterstützt; gelesen werden ${SUPPORTED_VERSIONS[kind].map((v) => `${kind}.${v}`).join(', ')}.`,
    );
  }
  return { kind, version };
}

/** A camt amount carries no sign: the direction is `CdtDbtInd` alone (docs/bank-statements.md "Entries"). */
const isNegative = (amount: XmlElement | undefined) => amount?.text.trim().startsWith('-') === true;

/**
 * The signed amount of an element with `Amt` and `CdtDbtInd`, or undefined when unreadable: a
 * negative `Amt` is unreadable, never turned round by its sign.
 */
function signedAmount(amount: XmlElement | undefined, indicator: string | undefined, fallbackIndicator?: string) {
  const currency = amount?.attributes.Ccy?.trim().toUpperCase() || null;
  const value = amount && !isNegative(amount) ? decimalToMinorUnits(amount.text, minorUnitsOf(currency)) : undefined;
  const direction = indicator ?? fallbackIndicator;
  if (value === undefined || (direction !== 'CRDT' && direction !== 'DBIT')) return undefined;
  return { amount: direction === 'DBIT' ? -value : value, currency, text: amount?.text.trim() ?? '' };
}

function balanceOf(balance: XmlElement): ParsedBalance | undefined {
  const type = firstText(balance, ['Tp/CdOrPrtry/Cd', 'Tp/CdOrPrtry/Prtry']) as BalanceType | undefined;
  const amount = signedAmount(child(balance, 'Amt'), textAt(balance, 'CdtDbtInd'));
  const date = dateOf(child(balance, 'Dt'));
  if (!type || !amount || !date) return undefined;
  return { amount: amount.amount, currency: amount.currency, date, type };
}

/** Why a balance is not taken: it is named by its place and type, with what the file wrote. */
function unreadableBalance(balance: XmlElement, position: number): string {
  const type = clip(firstText(balance, ['Tp/CdOrPrtry/Cd', 'Tp/CdOrPrtry/Prtry']), 10) ?? 'ohne Typ';
  const amount = clip(textAt(balance, 'Amt'), 40) ?? '';
  const date = clip(dateTextOf(child(balance, 'Dt')), 40) ?? '';
  return `Saldo ${position} (${type}) ist unlesbar (Betrag «${amount}», Datum «${date}»): nicht übernommen.`;
}

/** The charges of an entry or detail in minor units (positive): the total where given, else the records. */
function chargesOf(charges: XmlElement | undefined): number | null {
  if (!charges) return null;
  const total = child(charges, 'TtlChrgsAndTaxAmt');
  const amounts = total
    ? [total]
    : [...childrenNamed(charges, 'Rcrd').map((record) => child(record, 'Amt')), child(charges, 'Amt')];
  let sum = 0;
  let any = false;
  for (const amount of amounts) {
    if (!amount) continue;
    const value = decimalToMinorUnits(amount.text, minorUnitsOf(amount.attributes.Ccy));
    if (value === undefined) continue;
    sum += Math.abs(value);
    any = true;
  }
  return any ? sum : null;
}

/** The amount details' amounts (instructed, transaction, counter value), signed by the booking direction. */
function amountDetailsOf(holder: XmlElement | undefined, indicator: string | undefined) {
  const found: { amount: number; currency: string }[] = [];
  for (const path of ['AmtDtls/InstdAmt/Amt', 'AmtDtls/TxAmt/Amt', 'AmtDtls/CntrValAmt/Amt']) {
    const amount = signedAmount(at(holder, path), indicator);
    if (amount?.currency && /^[A-Z]{3}$/.test(amount.currency)) {
      found.push({ amount: amount.amount, currency: amount.currency });
    }
  }
  return found;
}

/** The other party of a payment: the debtor of a credit, the creditor of a debit (both spellings of the versions). */
function counterpartyOf(details: XmlElement | undefined, credit: boolean) {
  const parties = child(details, 'RltdPties');
  const role = credit ? 'Dbtr' : 'Cdtr';
  const name = firstText(parties, [`${role}/Nm`, `${role}/Pty/Nm`, `Ultmt${role}/Nm`, `Ultmt${role}/Pty/Nm`]);
  const iban = textAt(parties, `${role}Acct/Id/IBAN`);
  return { name: clip(name, 140), iban: iban ? normalizeIban(iban).slice(0, 34) : null };
}

interface Context {
  statementCurrency: string | null;
  warnings: string[];
  errors: string[];
}

/** The information of a payment (counterparty, texts, references) from a transaction detail or the entry. */
function paymentInfo(
  entry: XmlElement,
  detail: XmlElement | undefined,
  credit: boolean,
  bookingDate: string,
  context: Context,
) {
  const counterparty = counterpartyOf(detail, credit);
  const unstructured = childrenNamed(child(detail, 'RmtInf'), 'Ustrd').map((element) => element.text.trim());
  const remittance =
    unstructured.filter(Boolean).join(' ') || textAt(detail, 'AddtlTxInf') || textAt(entry, 'AddtlNtryInf');
  const creditorReference = at(detail, 'RmtInf/Strd/CdtrRefInf');
  const rawReference = textAt(creditorReference, 'Ref');
  let reference: ReturnType<typeof classifyReference> | undefined;
  if (rawReference) {
    reference = classifyReference(
      rawReference,
      firstText(creditorReference, ['Tp/CdOrPrtry/Cd', 'Tp/CdOrPrtry/Prtry']),
    );
    const warning = wrongReferenceWarning(reference);
    if (warning) context.warnings.push(`Buchung vom ${formatDate(bookingDate)}: ${warning}`);
  }
  return {
    counterpartyName: counterparty.name,
    counterpartyIban: counterparty.iban,
    remittanceInformation: clip(remittance, 1000),
    reference: reference ? reference.reference.slice(0, 35) : null,
    referenceType: reference?.type ?? null,
  };
}

/** The entries of one `Ntry`: one, or one per transaction detail of a collective entry (docs/bank-statements.md "Entries"). */
function entriesOf(entry: XmlElement, position: number, context: Context): ParsedEntry[] | 'pending' | 'skipped' {
  const status = firstText(entry, ['Sts/Cd', 'Sts/Prtry', 'Sts']) ?? 'BOOK';
  if (status === 'PDNG') return 'pending';
  const label = `Buchung ${position}`;
  if (status !== 'BOOK') {
    context.warnings.push(`${label}: Status ${status.slice(0, 10)} wird nicht importiert.`);
    return 'skipped';
  }
  if (isNegative(child(entry, 'Amt'))) {
    context.errors.push(
      `${label}: Negativer Betrag «${child(entry, 'Amt')!.text.trim().slice(0, 40)}»: in camt steht der Betrag ohne Vorzeichen, die Richtung in CdtDbtInd.`,
    );
    return 'skipped';
  }
  const booked = signedAmount(child(entry, 'Amt'), textAt(entry, 'CdtDbtInd'));
  if (!booked) {
    context.errors.push(`${label}: Betrag oder Soll/Haben-Kennzeichen fehlt oder ist ungültig`);
    return 'skipped';
  }
  // A date that is there but unreadable is an error of the entry, never replaced by the other date.
  const bookingText = dateTextOf(child(entry, 'BookgDt'));
  const valueText = dateTextOf(child(entry, 'ValDt'));
  const bookingDate = dayOf(bookingText ?? valueText);
  if (!bookingDate) {
    const shown = bookingText ?? valueText;
    context.errors.push(
      `${label}: ${shown === undefined ? 'Buchungsdatum fehlt' : badDate('Ungültiges Buchungsdatum', shown)}`,
    );
    return 'skipped';
  }
  const valueDate = valueText === undefined ? null : dayOf(valueText);
  if (valueDate === undefined) {
    context.errors.push(`${label}: ${badDate('Ungültiges Valutadatum', valueText!)}`);
    return 'skipped';
  }
  const credit = booked.amount >= 0 && textAt(entry, 'CdtDbtInd') === 'CRDT';
  const isReversal = textAt(entry, 'RvslInd') === 'true';
  const bankReference = clip(textAt(entry, 'AcctSvcrRef'), 35);
  const details = childrenNamed(entry, 'NtryDtls').flatMap((group) => childrenNamed(group, 'TxDtls'));
  const base = {
    bookingDate,
    valueDate,
    currency: booked.currency ?? context.statementCurrency,
    isReversal,
  };

  if (details.length >= 2) {
    const parts = details.map((detail) => {
      const amount =
        signedAmount(child(detail, 'Amt'), textAt(detail, 'CdtDbtInd'), textAt(entry, 'CdtDbtInd')) ??
        signedAmount(at(detail, 'AmtDtls/TxAmt/Amt'), textAt(detail, 'CdtDbtInd'), textAt(entry, 'CdtDbtInd'));
      return amount && (amount.currency ?? booked.currency) === booked.currency ? amount : undefined;
    });
    const complete = parts.every(Boolean);
    const sum = parts.reduce((total, part) => total + (part?.amount ?? 0), 0);
    if (complete && sum === booked.amount) {
      return details.map((detail, index) => ({
        ...base,
        amount: parts[index]!.amount,
        ...paymentInfo(entry, detail, parts[index]!.amount >= 0, bookingDate, context),
        bankReference: clip(textAt(detail, 'Refs/AcctSvcrRef'), 35) ?? bankReference,
        charges: chargesOf(child(detail, 'Chrgs')),
        detailIndex: index + 1,
        amountDetails: amountDetailsOf(detail, textAt(detail, 'CdtDbtInd') ?? textAt(entry, 'CdtDbtInd')),
      }));
    }
    if (complete) {
      context.warnings.push(
        `${label}: Die Einzelbeträge ergeben nicht den Buchungsbetrag ${booked.text}; als eine Buchung übernommen.`,
      );
    } else if (
      details.some((detail) => isNegative(child(detail, 'Amt')) || isNegative(at(detail, 'AmtDtls/TxAmt/Amt')))
    ) {
      // A signed detail amount is not read (no sign in camt amounts), and the person hears why.
      context.warnings.push(`${label}: Ein Einzelbetrag hat ein Vorzeichen; als eine Buchung übernommen.`);
    }
  }
  return [
    {
      ...base,
      amount: booked.amount,
      ...paymentInfo(entry, details.length === 1 ? details[0] : undefined, credit, bookingDate, context),
      bankReference,
      charges: chargesOf(child(entry, 'Chrgs')),
      // A single detail's amounts, else the entry's own (`Ntry/AmtDtls`).
      amountDetails: [
        ...(details.length === 1 ? amountDetailsOf(details[0], textAt(entry, 'CdtDbtInd')) : []),
        ...amountDetailsOf(entry, textAt(entry, 'CdtDbtInd')),
      ],
    },
  ];
}

/** One statement (`Stmt`) or notification (`Ntfctn`). */
function reportOf(
  report: XmlElement,
  kind: 'camt.053' | 'camt.054',
  version: string,
  fileName: string | null,
): ParsedStatement {
  const rawIban = textAt(report, 'Acct/Id/IBAN');
  const iban = rawIban ? normalizeIban(rawIban).slice(0, 34) : null;
  // An account without IBAN is named by the bank's own number (docs/bank-statements.md "Accounts").
  const rawNumber = iban ? undefined : textAt(report, 'Acct/Id/Othr/Id');
  const accountNumber = rawNumber ? normalizeAccountNumber(rawNumber).slice(0, 34) || null : null;
  const warnings: string[] = [];
  if (iban && !isValidIban(iban)) {
    warnings.push(
      looksLikeIban(iban)
        ? `IBAN ${iban} des Auszugs: Prüfziffer falsch`
        : `IBAN ${iban} des Auszugs hat keine gültige Form`,
    );
  }
  const balances: ParsedBalance[] = [];
  childrenNamed(report, 'Bal').forEach((element, index) => {
    const balance = balanceOf(element);
    if (balance) balances.push(balance);
    else warnings.push(unreadableBalance(element, index + 1));
  });
  const currency =
    textAt(report, 'Acct/Ccy')?.toUpperCase() ??
    childrenNamed(report, 'Bal')[0]?.children.find((element) => element.name === 'Amt')?.attributes.Ccy ??
    null;
  // Of the types in order, the first in the account's currency, else the first at all (the service
  // then refuses it as the balance, docs/bank-statements.md "Balances").
  const balance = (...types: BalanceType[]) => {
    const ofType = types.flatMap((type) => balances.filter((candidate) => candidate.type === type));
    return ofType.find((candidate) => !candidate.currency || candidate.currency === currency) ?? ofType[0] ?? null;
  };
  const opening = kind === 'camt.053' ? balance('OPBD', 'PRCD') : null;
  const closing = kind === 'camt.053' ? balance('CLBD', 'CLAV') : null;
  const context: Context = { statementCurrency: currency, warnings, errors: [] };
  const entries: ParsedEntry[] = [];
  let pendingCount = 0;
  childrenNamed(report, 'Ntry').forEach((entry, index) => {
    const result = entriesOf(entry, index + 1, context);
    if (result === 'pending') pendingCount += 1;
    else if (result !== 'skipped') entries.push(...result);
  });
  if (pendingCount > 0) warnings.push(`${pendingCount} vorgemerkte Buchung(en) (PDNG) werden nicht importiert.`);
  const from = dayOf(textAt(report, 'FrToDt/FrDtTm'));
  const to = dayOf(textAt(report, 'FrToDt/ToDtTm'));
  const period =
    from && to
      ? { from, to }
      : periodOf([...entries.map((entry) => entry.bookingDate), ...balances.map((b) => b.date)]);
  return {
    kind,
    version,
    fileName,
    statementId: clip(textAt(report, 'Id'), 35),
    iban,
    accountNumber,
    accountName: clip(textAt(report, 'Acct/Nm'), 100),
    currency,
    period,
    opening,
    closing,
    entries,
    pendingCount,
    warnings,
    errors: context.errors,
  };
}

/** Reads a camt.053 or camt.054 file (bytes) into its statements; a file that is neither is a German 400. */
export function parseCamt(bytes: Uint8Array, fileName: string | null = null, budget?: ReadBudget): ParsedStatement[] {
  // The root is checked as it opens: another kind of file is refused before its body is read.
  const document = parseXml(decodeXml(bytes), budget, messageOf);
  const { kind, version } = messageOf(document);
  const names = MESSAGES[kind];
  const body = child(document, names.body);
  if (!body) throw new StatementFileError(`Keine ${kind}-Datei: das Element «${names.body}» fehlt.`);
  const reports = childrenNamed(body, names.report);
  if (reports.length === 0) throw new StatementFileError(`Die ${kind}-Datei enthält kein «${names.report}»-Element.`);
  return reports.map((report) => reportOf(report, kind, version, fileName));
}
