/**
 * Money helpers. Amounts are whole minor units (cents, "Rappen") everywhere (docs/design.md
 * "Money"): integer arithmetic is exact, so totals never drift; only a conversion or a percentage
 * rounds, once, here.
 */
import { currencyCodes } from './currencies.js';

/** Largest amount a person can enter: ±999'999'999'999.99 (kept well inside exact integers). */
export const AMOUNT_MAX_CENTS = 99_999_999_999_999;

/** A whole number of minor units. The brand keeps unchecked numbers (e.g. francs) from passing as cents. */
export type Cents = number & { readonly __brand: 'Cents' };

/**
 * Asserts that `n` is a safe integer and brands it as {@link Cents}.
 * Beyond 2^53 integers stop being exact, so a sum there would silently lose Rappen.
 * @throws RangeError when `n` is not a safe integer (fractions, NaN, Infinity, too large).
 */
export function toCents(n: number): Cents {
  if (!Number.isSafeInteger(n)) {
    throw new RangeError(`Not a whole number of cents: ${n}`);
  }
  // -0 would print and compare (Object.is) differently from 0 while meaning the same amount.
  return (n === 0 ? 0 : n) as Cents;
}

/**
 * A sum of amounts that left the range where integers are exact (±2^53 − 1 minor units): each amount
 * a person enters is inside it, but enough of the largest ones together are not. Refused with this
 * error (the API answers 400) rather than shown rounded by whole francs.
 */
export class AmountOverflowError extends RangeError {
  constructor(what: string) {
    super(`${what} exceeds the exact integer range`);
    this.name = 'AmountOverflowError';
  }
}

/** What a person reads when their amounts add up beyond {@link AmountOverflowError}'s range. */
export const AMOUNT_OVERFLOW_MESSAGE =
  'Die Beträge ergeben zusammen eine zu grosse Summe, um sie auf den Rappen genau zu berechnen. Bitte erfassen Sie kleinere Beträge.';

/**
 * Returns a sum of minor units when it is still exact.
 * @throws AmountOverflowError when it is not a safe integer.
 */
export function exactSum(total: number, what: string): number {
  if (!Number.isSafeInteger(total)) throw new AmountOverflowError(what);
  return total;
}

/**
 * Rounds to the nearest integer, ties away from zero (2.5 -> 3, -2.5 -> -3), as commercial rounding
 * does; `Math.round` would send -2.5 to -2 and make a cost and the same revenue differ by one cent.
 * Never returns -0. NaN and ±Infinity pass through unchanged.
 */
export function roundHalfAwayFromZero(x: number): number {
  const rounded = Math.sign(x) * Math.round(Math.abs(x));
  return rounded === 0 ? 0 : rounded;
}

/**
 * Converts an amount of some currency into the base currency: `round(amount / rate)` half away from
 * zero, where `rate` is units of that currency per 1 unit of the base (docs/design.md
 * "Currencies"). This is the only place a conversion rounds, so every item and month is rounded
 * exactly once. With no rate (`undefined` or `null`) the amount is returned unchanged, as
 * docs/product.md "Constants" says.
 * @throws RangeError when the amount is not whole cents or the rate is not a positive finite number.
 * @throws AmountOverflowError when the converted amount leaves the exact range: every amount entered
 *   is inside it, but 999'999'999'999.99 CHF are ~2 × 10^18 Rappen in IDR (ARCHITECTURE.md rule 7).
 */
export function convertToBase(amountCents: number, rateOfSourceCurrency: number | null | undefined): Cents {
  const amount = toCents(amountCents);
  if (rateOfSourceCurrency === undefined || rateOfSourceCurrency === null) return amount;
  if (!Number.isFinite(rateOfSourceCurrency) || rateOfSourceCurrency <= 0) {
    // A zero or negative rate is broken data; dividing by it would invent or flip money.
    throw new RangeError(`Not a usable exchange rate: ${rateOfSourceCurrency}`);
  }
  return toCents(exactSum(roundHalfAwayFromZero(amount / rateOfSourceCurrency), 'A converted amount'));
}

/**
 * The whole part grouped by threes with "'", as de-CH writes it (`1234567` -> `1'234'567`). Written
 * out rather than taken from Intl: ICU versions differ in the grouping character (U+2019, U+0027, or
 * "," in a reduced-data fallback), and building an Intl.NumberFormat costs ~25 ms while a browser
 * boots. `whole` is a safe integer, so String() never gives an exponent.
 */
function groupThousands(whole: number): string {
  return String(whole).replace(/\B(?=(\d{3})+$)/g, "'");
}

/**
 * Formats cents for display: exactly 2 decimals, de-CH thousands grouping with an ASCII apostrophe,
 * the currency code (if given and not empty) after the number: `formatAmount(-123450, 'CHF')` is
 * `"-1'234.50 CHF"`. Server and browser must render identical strings (docs/design.md "Money"), but
 * ICU versions differ in the grouping character and the minus sign, so both are written here,
 * without Intl; the two decimals come from the integer cents, so no float division can round them.
 * @throws RangeError when `cents` is not a safe integer.
 */
export function formatAmount(cents: number, currencyCode?: string): string {
  const amount = toCents(cents);
  const abs = Math.abs(amount);
  const fraction = abs % 100;
  const whole = (abs - fraction) / 100;
  const number = `${amount < 0 ? '-' : ''}${groupThousands(whole)}.${String(fraction).padStart(2, '0')}`;
  return currencyCode ? `${number} ${currencyCode}` : number;
}

/**
 * A currency before or after the number, as pasted from a document: a code the app knows ("CHF",
 * also lower case), the Swiss "Fr." / "SFr." or a currency sign. Any other letters make the text no
 * amount.
 */
const CURRENCY_AROUND = new RegExp(
  `^(?:${currencyCodes.join('|')}|s?fr\\.?|[€$£])(?=[\\s\\d.,'\u2019\\-\u2212])|(?<=[\\s\\d.\u2013-])(?:${currencyCodes.join('|')}|s?fr\\.?|[€$£])$`,
  'i',
);
/** What an amount may hold once a currency is gone: digits, grouping, a decimal mark, a leading minus. */
const AMOUNT_CHARACTERS = /^[-\u2212]?[\s\d.,'\u2019\u00a0\u202f]*$/;

/**
 * Reads an amount as a person types or pastes it (`1'234.50`, `1234,5`, `-300`, `CHF 1 234.–`) into
 * whole cents, without floating point. Apostrophes and spaces group digits; a currency code (or
 * "Fr.") before or after the number is ignored; a comma counts as a dot; the last dot separates at
 * most two decimals, earlier ones are grouping. A leading minus (or the typographic minus sign)
 * makes it negative. Answers undefined for anything that is not an amount — other letters (`1e5`,
 * `12abc`: never read as 15.00 or 12.00), more than two decimals, a minus inside the number — or lies
 * beyond ±{@link AMOUNT_MAX_CENTS}.
 */
export function parseAmount(text: string): number | undefined {
  const trimmed = text
    .trim()
    .replace(CURRENCY_AROUND, '')
    .trim()
    .replace(/[.,](?:-+|\u2013)$/, '');
  if (!AMOUNT_CHARACTERS.test(trimmed)) return undefined;
  const negative = /^[-\u2212]/.test(trimmed);
  const kept = trimmed.replaceAll(',', '.').replace(/[^0-9.]/g, '');
  if (!/[0-9]/.test(kept)) return undefined;
  const lastDot = kept.lastIndexOf('.');
  const whole = (lastDot < 0 ? kept : kept.slice(0, lastDot)).replaceAll('.', '');
  const decimals = lastDot < 0 ? '' : kept.slice(lastDot + 1);
  if (decimals.length > 2) return undefined;
  const digits = `${whole}${decimals.padEnd(2, '0')}`.replace(/^0+(?=\d)/, '');
  if (digits.length > String(AMOUNT_MAX_CENTS).length) return undefined;
  const cents = Number(digits);
  if (cents > AMOUNT_MAX_CENTS) return undefined;
  return negative && cents !== 0 ? -cents : cents;
}
