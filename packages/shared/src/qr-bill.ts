/**
 * The payload of a Swiss QR code (docs/qr-bills.md "The payload"), read and checked per the Swiss
 * Implementation Guidelines for the QR-bill, version 2.3: 31 fields (plus billing information and up
 * to two alternative procedures) on lines separated by CR LF or LF. Pure: the API reads the code from
 * the file, this module says what it means or, in German, what is wrong with it.
 */
import { isValidIban, normalizeIban } from './iban.js';
import { hasRightMod10Digit, isValidScor } from './payment-reference.js';
import { addDays, isIsoDate } from './calendar.js';

export type QrBillReferenceType = 'QRR' | 'SCOR' | 'NON';

export interface QrBillAddress {
  /** S: structured (street, number, postcode, town); K: combined (two address lines). */
  type: 'S' | 'K';
  name: string;
  /** Street (S) or address line 1 (K). */
  line1: string;
  /** Building number (S) or address line 2 (K). */
  line2: string;
  postalCode: string;
  town: string;
  country: string;
}

/** Billing information per Swico S1 (docs/qr-bills.md "Billing information"). */
export interface SwicoBilling {
  invoiceNumber: string | null;
  /** 'YYYY-MM-DD' of /11/ (the first date when two are given). */
  invoiceDate: string | null;
  customerReference: string | null;
  /** /30/: the UID as digits ("CHE-123.456.789" is "123456789"). */
  uid: string | null;
  /** /40/: the conditions, discount percent (in hundredths) and days; 0 % is the net term. */
  conditions: { percentHundredths: number; days: number }[];
}

export interface QrBill {
  /** The creditor's account, IBAN or QR-IBAN, without spaces. */
  iban: string;
  isQrIban: boolean;
  creditor: QrBillAddress;
  /** Minor units; null: the amount is left open for the payer. */
  amount: number | null;
  currency: 'CHF' | 'EUR';
  debtor: QrBillAddress | null;
  referenceType: QrBillReferenceType;
  /** The reference without spaces; null with NON. */
  reference: string | null;
  message: string | null;
  billingInformation: string | null;
  swico: SwicoBilling | null;
}

export interface QrBillProblem {
  /** The field named in the guidelines' terms (`iban`, `reference`, `amount` …). */
  field: string;
  message: string;
}

export type QrBillReading = { ok: true; bill: QrBill } | { ok: false; problems: QrBillProblem[] };

/** Largest amount a QR-bill may carry: 999'999'999.99 (guidelines, "Amt"). */
export const QR_BILL_MAX_AMOUNT = 99_999_999_999;
/** Longest payload the guidelines allow, in characters. */
export const QR_BILL_MAX_PAYLOAD = 997;

/** QR-IBANs have an institution id (IID, positions 5–9) of 30000–31999 (guidelines, "QR-IBAN"). */
export function isQrIban(iban: string): boolean {
  const iid = Number(iban.slice(4, 9));
  return /^(CH|LI)/.test(iban) && iid >= 30000 && iid <= 31999;
}

const MAX = { name: 70, line: 70, number: 16, postalCode: 16, town: 35, message: 140, billing: 140, alternative: 100 };

/** The German name of each checked part, so that a message says what is wrong. */
const LABEL: Record<string, string> = {
  creditor: 'Zahlungsempfänger',
  debtor: 'Zahlungspflichtiger',
};

function readAddress(fields: readonly string[], start: number, role: 'creditor' | 'debtor', problems: QrBillProblem[]) {
  const [type = '', name = '', line1 = '', line2 = '', postalCode = '', town = '', country = ''] = fields.slice(
    start,
    start + 7,
  );
  const label = LABEL[role]!;
  if (role === 'debtor' && [type, name, line1, line2, postalCode, town, country].every((value) => value === '')) {
    return null;
  }
  const problem = (message: string) => problems.push({ field: role, message: `${label}: ${message}` });
  if (type !== 'S' && type !== 'K') problem(`Adresstyp «${type}» ist ungültig (erwartet S oder K)`);
  if (name === '') problem('Name fehlt');
  if (name.length > MAX.name) problem(`Name ist länger als ${MAX.name} Zeichen`);
  if (type === 'S') {
    if (town === '') problem('Ort fehlt');
    if (postalCode === '') problem('Postleitzahl fehlt');
    if (line2.length > MAX.number) problem(`Hausnummer ist länger als ${MAX.number} Zeichen`);
  }
  if (type === 'K') {
    if (line2 === '') problem('Adresszeile 2 (PLZ und Ort) fehlt');
    if (postalCode !== '' || town !== '') problem('bei Adresstyp K bleiben Postleitzahl und Ort leer');
  }
  if (!/^[A-Z]{2}$/.test(country)) problem(`Land «${country}» ist kein Ländercode (ISO 3166, zwei Buchstaben)`);
  return { type: type === 'K' ? ('K' as const) : ('S' as const), name, line1, line2, postalCode, town, country };
}

/** "1949.75" as minor units; undefined when it is not an amount of the guidelines' form. */
function centsOf(text: string): number | undefined {
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return undefined;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** "YYMMDD" as 'YYYY-MM-DD' (20YY), undefined when no such day. */
function swicoDate(text: string): string | undefined {
  if (!/^\d{6}$/.test(text)) return undefined;
  const date = `20${text.slice(0, 2)}-${text.slice(2, 4)}-${text.slice(4, 6)}`;
  return isIsoDate(date) ? date : undefined;
}

/**
 * Swico S1 (`//S1/10/…/11/…`): tag and value pairs separated by "/", a "/" in a value written "\/".
 * Unknown tags are kept out; a value of the wrong form is a problem, as the syntax definition says.
 */
export function parseSwicoS1(text: string, problems: QrBillProblem[]): SwicoBilling | null {
  if (!text.startsWith('//S1/')) return null;
  const parts: string[] = [];
  let current = '';
  for (let index = 5; index < text.length; index += 1) {
    const character = text[index]!;
    if (character === '\\' && text[index + 1] === '/') {
      current += '/';
      index += 1;
    } else if (character === '/') {
      parts.push(current);
      current = '';
    } else current += character;
  }
  parts.push(current);
  const billing: SwicoBilling = {
    invoiceNumber: null,
    invoiceDate: null,
    customerReference: null,
    uid: null,
    conditions: [],
  };
  const problem = (message: string) =>
    problems.push({ field: 'billingInformation', message: `Rechnungsinformationen (Swico S1): ${message}` });
  for (let index = 0; index + 1 < parts.length; index += 2) {
    const [tag, value] = [parts[index]!, parts[index + 1]!];
    if (tag === '10') billing.invoiceNumber = value;
    else if (tag === '11') {
      const date = swicoDate(value.slice(0, 6));
      if (date === undefined || (value.length !== 6 && value.length !== 12))
        problem(`Rechnungsdatum «${value}» ist kein Datum (JJMMTT)`);
      else billing.invoiceDate = date;
    } else if (tag === '20') billing.customerReference = value;
    else if (tag === '30') {
      if (!/^\d{9}$/.test(value)) problem(`UID «${value}» hat nicht 9 Ziffern`);
      else billing.uid = value;
    } else if (tag === '40') {
      for (const condition of value.split(';')) {
        const match = /^(\d{1,2}(?:\.\d{1,2})?):(\d{1,3})$/.exec(condition);
        if (!match) {
          problem(`Zahlungsbedingung «${condition}» ist ungültig (erwartet Skonto:Tage, z. B. 0:30)`);
          continue;
        }
        const [whole = '0', fraction = ''] = match[1]!.split('.');
        billing.conditions.push({
          percentHundredths: Number(whole) * 100 + Number(fraction.padEnd(2, '0')),
          days: Number(match[2]),
        });
      }
    }
  }
  return billing;
}

/**
 * The due date the S1 terms give: the invoice date (else `fallbackStart`) plus the days of the net
 * condition (0 %), else of the longest term; null without conditions (docs/qr-bills.md "Due date").
 */
export function swicoDueDate(billing: SwicoBilling | null, fallbackStart: string): string | null {
  if (!billing || billing.conditions.length === 0) return null;
  const net = billing.conditions.find((condition) => condition.percentHundredths === 0);
  const days = net?.days ?? Math.max(...billing.conditions.map((condition) => condition.days));
  return addDays(billing.invoiceDate ?? fallbackStart, days);
}

/** Reads a Swiss QR code's text; every problem found, each a German sentence naming the field. */
export function parseQrBill(text: string): QrBillReading {
  const problems: QrBillProblem[] = [];
  const fail = (field: string, message: string): QrBillReading => ({ ok: false, problems: [{ field, message }] });
  if (!text.startsWith('SPC')) return fail('qrType', 'Der QR-Code ist keine QR-Rechnung (Kennung «SPC» fehlt)');
  if (text.length > QR_BILL_MAX_PAYLOAD) {
    return fail('payload', `Der QR-Code ist länger als ${QR_BILL_MAX_PAYLOAD} Zeichen`);
  }
  const fields = text.split(/\r?\n/);
  // A trailing line break after the last field is tolerated, as the guidelines allow.
  if (fields.at(-1) === '') fields.pop();
  if (fields[1] !== '0200')
    return fail('version', `Version «${fields[1] ?? ''}» wird nicht unterstützt (erwartet 0200)`);
  if (fields[2] !== '1') return fail('coding', `Zeichensatz «${fields[2] ?? ''}» ist ungültig (erwartet 1)`);
  if (fields.length < 31 || fields[30] !== 'EPD') {
    return fail('trailer', 'Die QR-Rechnung ist unvollständig (Schlusskennung «EPD» fehlt an Zeile 31)');
  }
  if (fields.length > 34) return fail('payload', 'Die QR-Rechnung hat mehr Zeilen als erlaubt');

  const iban = normalizeIban(fields[3] ?? '');
  const qrIban = isQrIban(iban);
  if (!/^(CH|LI)/.test(iban) || iban.length !== 21) {
    problems.push({
      field: 'iban',
      message: `Konto «${fields[3] ?? ''}» ist keine Schweizer oder Liechtensteiner IBAN`,
    });
  } else if (!isValidIban(iban)) {
    problems.push({ field: 'iban', message: `Die Prüfziffer der IBAN ${iban} ist falsch` });
  }

  const creditor = readAddress(fields, 4, 'creditor', problems)!;
  if (fields.slice(11, 18).some((value) => value !== '')) {
    problems.push({ field: 'ultimateCreditor', message: 'Endgültiger Zahlungsempfänger muss leer sein' });
  }

  const amountText = fields[18] ?? '';
  const amount = amountText === '' ? null : centsOf(amountText);
  if (amount === undefined) {
    problems.push({ field: 'amount', message: `Betrag «${amountText}» ist ungültig (erwartet z. B. 1949.75)` });
  } else if (amount !== null && (amount < 1 || amount > QR_BILL_MAX_AMOUNT)) {
    problems.push({ field: 'amount', message: "Betrag muss zwischen 0.01 und 999'999'999.99 liegen" });
  }
  const currency = fields[19] ?? '';
  if (currency !== 'CHF' && currency !== 'EUR') {
    problems.push({ field: 'currency', message: `Währung «${currency}» ist nicht erlaubt (nur CHF oder EUR)` });
  }

  const debtor = readAddress(fields, 20, 'debtor', problems);

  const referenceType = fields[27] ?? '';
  const reference = (fields[28] ?? '').replace(/\s+/g, '');
  if (referenceType === 'QRR') {
    if (!/^\d{27}$/.test(reference)) {
      problems.push({ field: 'reference', message: `QR-Referenz «${reference}» hat nicht 27 Ziffern` });
    } else if (!hasRightMod10Digit(reference)) {
      problems.push({ field: 'reference', message: `Die Prüfziffer der QR-Referenz ${reference} ist falsch` });
    }
  } else if (referenceType === 'SCOR') {
    if (!isValidScor(reference)) {
      problems.push({
        field: 'reference',
        message: `Creditor Reference «${reference}» ist ungültig (ISO 11649: RF, Prüfziffern, bis 21 Zeichen)`,
      });
    }
  } else if (referenceType === 'NON') {
    if (reference !== '')
      problems.push({ field: 'reference', message: 'Bei Referenztyp NON bleibt die Referenz leer' });
  } else {
    problems.push({
      field: 'referenceType',
      message: `Referenztyp «${referenceType}» ist ungültig (QRR, SCOR oder NON)`,
    });
  }
  if (qrIban && referenceType !== 'QRR' && /^(QRR|SCOR|NON)$/.test(referenceType)) {
    problems.push({
      field: 'reference',
      message: `Eine QR-IBAN verlangt eine QR-Referenz (QRR), nicht ${referenceType}`,
    });
  }
  if (!qrIban && referenceType === 'QRR' && iban.length === 21) {
    problems.push({ field: 'reference', message: 'Eine QR-Referenz (QRR) ist nur mit einer QR-IBAN erlaubt' });
  }

  const message = fields[29] ?? '';
  const billingInformation = fields[31] ?? '';
  if (message.length + billingInformation.length > MAX.message) {
    problems.push({
      field: 'message',
      message: `Mitteilung und Rechnungsinformationen zusammen sind länger als ${MAX.message} Zeichen`,
    });
  }
  for (const alternative of fields.slice(32)) {
    if (alternative.length > MAX.alternative) {
      problems.push({
        field: 'alternativeProcedure',
        message: `Alternatives Verfahren ist länger als ${MAX.alternative} Zeichen`,
      });
    }
  }
  const swico = parseSwicoS1(billingInformation, problems);

  if (problems.length > 0) return { ok: false, problems };
  return {
    ok: true,
    bill: {
      iban,
      isQrIban: qrIban,
      creditor,
      amount: amount ?? null,
      currency: currency as 'CHF' | 'EUR',
      debtor,
      referenceType: referenceType as QrBillReferenceType,
      reference: referenceType === 'NON' ? null : reference,
      message: message === '' ? null : message,
      billingInformation: billingInformation === '' ? null : billingInformation,
      swico,
    },
  };
}

/** The fields of a QR-bill as the guidelines order them; what the test generators build payloads from. */
export interface QrBillPayloadInput {
  iban: string;
  creditor: Omit<QrBillAddress, 'type'> & { type?: 'S' | 'K' };
  /** Minor units or null (open amount). */
  amount: number | null;
  currency: string;
  debtor?: (Omit<QrBillAddress, 'type'> & { type?: 'S' | 'K' }) | null;
  referenceType: string;
  reference?: string;
  message?: string;
  billingInformation?: string;
}

/**
 * The guidelines' example bill (QR-IBAN, QR reference with check digit 7, Swico S1 with net 30 days):
 * the one sample the tests, the API tests' files and the bench build their payloads from
 * (docs/qr-bills.md "Tests"), each overriding what it checks.
 */
export const QR_BILL_SAMPLE: QrBillPayloadInput = {
  iban: 'CH4431999123000889012',
  creditor: {
    name: 'Robert Schneider AG',
    line1: 'Rue du Lac',
    line2: '1268',
    postalCode: '2501',
    town: 'Biel',
    country: 'CH',
  },
  amount: 194_975,
  currency: 'CHF',
  debtor: {
    name: 'Pia-Maria Rutschmann-Schnyder',
    line1: 'Grosse Marktgasse',
    line2: '28',
    postalCode: '9400',
    town: 'Rorschach',
    country: 'CH',
  },
  referenceType: 'QRR',
  reference: '210000000003139471430009017',
  message: 'Auftrag vom 15.06.2026',
  billingInformation: '//S1/10/10201409/11/261015/30/106017086/40/2:10;0:30',
};

function addressLines(address: QrBillPayloadInput['creditor'] | null | undefined): string[] {
  if (!address) return ['', '', '', '', '', '', ''];
  return [
    address.type ?? 'S',
    address.name,
    address.line1,
    address.line2,
    address.postalCode,
    address.town,
    address.country,
  ];
}

/** The payload text of a QR-bill (version 0200, CR LF): the inverse of `parseQrBill`. */
export function buildQrBillPayload(input: QrBillPayloadInput): string {
  const amount =
    input.amount === null ? '' : `${Math.trunc(input.amount / 100)}.${String(input.amount % 100).padStart(2, '0')}`;
  const lines = [
    'SPC',
    '0200',
    '1',
    input.iban,
    ...addressLines(input.creditor),
    '',
    '',
    '',
    '',
    '',
    '',
    '',
    amount,
    input.currency,
    ...addressLines(input.debtor),
    input.referenceType,
    input.reference ?? '',
    input.message ?? '',
    'EPD',
  ];
  if (input.billingInformation) lines.push(input.billingInformation);
  return lines.join('\r\n');
}
