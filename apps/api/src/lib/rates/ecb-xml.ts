import { XMLParser, XMLValidator } from 'fast-xml-parser';

/** The EUR reference rates of one ECB publication day. */
export interface EcbDailyRates {
  /** Publication day, 'YYYY-MM-DD'. */
  date: string;
  /** Units of each currency per 1 EUR, including EUR itself (1). */
  eurRates: Record<string, number>;
}

/** Thrown when an answer is not a complete, plausible ECB daily reference rates document. */
export class EcbXmlError extends Error {
  constructor(reason: string) {
    super(`ECB rates document rejected: ${reason}`);
    this.name = 'EcbXmlError';
  }
}

// The ECB publishes about 30 currencies; a handful means a cut-off or foreign document, not a slow day.
const MIN_CURRENCIES = 5;
const ATTRIBUTE_PREFIX = '@_';
// Digits only: rejects "-1", "NaN", "Infinity", "1e999" and empty values before Number() could accept them.
const DECIMAL_PATTERN = /^\d+(?:\.\d+)?$/;
const CURRENCY_PATTERN = /^[A-Z]{3}$/;
const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: ATTRIBUTE_PREFIX,
  removeNSPrefix: true,
  // Every Cube level as an array, so one rate and thirty rates have the same shape.
  isArray: (name) => name === 'Cube',
  // Values are checked by hand below; automatic number parsing would hide "1e999" or "0x10".
  parseAttributeValue: false,
  parseTagValue: false,
  // The ECB document uses no entities; not expanding them closes the door on entity bombs.
  processEntities: false,
});

/**
 * Reads the ECB daily reference rates (eurofxref-daily.xml:
 * `gesmes:Envelope > Cube > Cube time > Cube currency rate`).
 * Throws an {@link EcbXmlError} for anything else (empty body, HTML page, truncated or malformed XML,
 * missing day, unusable or duplicate rates, too few currencies), so garbage never reaches the database.
 */
export function parseEcbDailyXml(xml: string): EcbDailyRates {
  const document = parseWellFormedXml(xml);
  const day = findDayCube(document);
  return { date: readDate(day), eurRates: { EUR: 1, ...readRates(day) } };
}

function parseWellFormedXml(xml: string): unknown {
  if (xml.trim() === '') throw new EcbXmlError('the answer is empty');
  if (/^\s*(?:<!doctype\s+html|<html[\s>])/i.test(xml)) throw new EcbXmlError('the answer is an HTML page, not XML');
  // The parser quietly accepts truncated input, so well-formedness is checked first.
  const validation = XMLValidator.validate(xml);
  if (validation !== true) {
    const { msg, line, col } = validation.err;
    throw new EcbXmlError(`not well-formed XML (line ${line}, column ${col}): ${msg}`);
  }
  return parser.parse(xml);
}

function findDayCube(document: unknown): Record<string, unknown> {
  const envelope = isRecord(document) ? document['Envelope'] : undefined;
  if (!isRecord(envelope)) throw new EcbXmlError('no gesmes:Envelope root element');
  const outer = onlyCube(envelope, 'outer Cube');
  return onlyCube(outer, 'dated Cube (the daily file has one day)');
}

function onlyCube(parent: Record<string, unknown>, what: string): Record<string, unknown> {
  const children: unknown = parent['Cube'];
  const cubes: unknown[] = Array.isArray(children) ? children : [];
  if (cubes.length !== 1) throw new EcbXmlError(`expected exactly one ${what}, found ${cubes.length}`);
  // The parser turns an element without attributes or children into '' rather than an object.
  const cube = cubes[0] === '' ? {} : cubes[0];
  if (!isRecord(cube)) throw new EcbXmlError(`the ${what} has an unexpected shape`);
  return cube;
}

function readDate(day: Record<string, unknown>): string {
  const time = day[`${ATTRIBUTE_PREFIX}time`];
  if (typeof time !== 'string' || !DATE_PATTERN.test(time) || !isCalendarDate(time)) {
    throw new EcbXmlError(`missing or invalid time attribute: ${JSON.stringify(time ?? null)}`);
  }
  return time;
}

function readRates(day: Record<string, unknown>): Record<string, number> {
  const entries = day['Cube'];
  if (!Array.isArray(entries)) throw new EcbXmlError('the dated Cube holds no currency rates');
  const rates: Record<string, number> = {};
  for (const entry of entries) {
    const { code, rate } = readRate(entry);
    if (Object.hasOwn(rates, code)) throw new EcbXmlError(`currency ${code} is listed twice`);
    rates[code] = rate;
  }
  const count = Object.keys(rates).length;
  if (count < MIN_CURRENCIES) {
    throw new EcbXmlError(`only ${count} currencies, at least ${MIN_CURRENCIES} expected`);
  }
  return rates;
}

function readRate(entry: unknown): { code: string; rate: number } {
  const code = isRecord(entry) ? entry[`${ATTRIBUTE_PREFIX}currency`] : undefined;
  const raw = isRecord(entry) ? entry[`${ATTRIBUTE_PREFIX}rate`] : undefined;
  if (typeof code !== 'string' || !CURRENCY_PATTERN.test(code)) {
    throw new EcbXmlError(`invalid currency attribute: ${JSON.stringify(code ?? null)}`);
  }
  // EUR is the base of every rate (1 by definition); a listed EUR rate would contradict that.
  if (code === 'EUR') throw new EcbXmlError('EUR is listed as a currency of its own');
  const rate = typeof raw === 'string' && DECIMAL_PATTERN.test(raw.trim()) ? Number(raw.trim()) : Number.NaN;
  if (!Number.isFinite(rate) || rate <= 0) {
    throw new EcbXmlError(`rate of ${code} is not a positive number: ${JSON.stringify(raw ?? null)}`);
  }
  return { code, rate };
}

function isCalendarDate(value: string): boolean {
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
