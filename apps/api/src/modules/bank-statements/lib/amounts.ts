import { AMOUNT_MAX_CENTS, currencies, isIsoDate } from '@saldopilot/shared';

const minorUnitsByCode = new Map(currencies.map((currency) => [currency.code, currency.minorUnits]));

/** Decimal places of a currency's minor unit; 2 for a code the app does not list. */
export function minorUnitsOf(code: string | null | undefined): number {
  return (code ? minorUnitsByCode.get(code) : undefined) ?? 2;
}

/**
 * An ISO 20022 decimal ("1234.5", "-0.05") as whole minor units, read from the digits, never
 * through a float: "0.1" + "0.2" stays 30. Places beyond the minor unit must be zeros.
 * undefined when the text is no such decimal or beyond the amounts the app holds.
 */
export function decimalToMinorUnits(text: string, minorUnits = 2): number | undefined {
  const match = /^([+-]?)([0-9]{1,18})(?:\.([0-9]{1,10}))?$/.exec(text.trim());
  if (!match) return undefined;
  const [, sign, whole = '', fraction = ''] = match;
  if (/[1-9]/.test(fraction.slice(minorUnits))) return undefined;
  const digits = `${whole}${fraction.slice(0, minorUnits).padEnd(minorUnits, '0')}`.replace(/^0+(?=\d)/, '');
  if (digits.length > String(AMOUNT_MAX_CENTS).length) return undefined;
  const value = Number(digits);
  if (value > AMOUNT_MAX_CENTS) return undefined;
  return sign === '-' && value !== 0 ? -value : value;
}

// de-CH as people and e-banking exports write it: 1'234.50, 1’234.50, 1 234,50, -1234.50, +12, 1234.
const LOCAL_AMOUNT = /^([+\-\u2212]?)\s*((?:[0-9]{1,3}(?:['’\u00a0 ][0-9]{3})+)|[0-9]+)(?:[.,]([0-9]{1,2}))?\s*(-?)$/;

/**
 * An amount as a CSV export writes it (de-CH: `1'234.50`, `1234,50`, `-1234.50`, a trailing minus)
 * in minor units; undefined when it is none. Thousands separators are apostrophes or spaces only,
 * so "1.234,50" is refused rather than guessed at.
 */
export function localAmountToMinorUnits(text: string, minorUnits = 2): number | undefined {
  const match = LOCAL_AMOUNT.exec(text.trim());
  if (!match) return undefined;
  const [, sign = '', whole = '', fraction = '', trailing = ''] = match;
  if (sign && trailing) return undefined;
  const negative = sign === '-' || sign === '\u2212' || trailing === '-';
  return decimalToMinorUnits(
    `${negative ? '-' : ''}${whole.replace(/['’\u00a0 ]/g, '')}.${fraction || '0'}`,
    minorUnits,
  );
}

/** A date as exports write it: "31.12.2026", "31.12.26", "2026-12-31"; ISO, or undefined. */
export function localDateToIso(text: string): string | undefined {
  const trimmed = text.trim();
  let iso: string | undefined;
  const swiss = /^([0-9]{1,2})\.([0-9]{1,2})\.([0-9]{2}|[0-9]{4})$/.exec(trimmed);
  if (swiss) {
    const [, day = '', month = '', year = ''] = swiss;
    iso = `${year.length === 2 ? `20${year}` : year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  } else if (/^[0-9]{4}-[0-9]{2}-[0-9]{2}$/.test(trimmed)) iso = trimmed;
  return iso && isStatementDate(iso) ? iso : undefined;
}

/**
 * A day a bank file may carry (docs/bank-statements.md "Entries"): an ISO date that exists, from
 * 1900 to 2999. Older ones cannot be written as dates to Excel (and year 0 not even to the database).
 */
export function isStatementDate(iso: string): boolean {
  return isIsoDate(iso) && iso >= '1900-01-01' && iso <= '2999-12-31';
}
