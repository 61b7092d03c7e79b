/**
 * IBAN (ISO 13616): stored without spaces in capitals, shown in groups of four, checked with
 * mod 97 (docs/bank-statements.md "IBAN"). Used by the API (bank accounts, statements) and the web.
 */

export const IBAN_MESSAGE = 'Ungültige IBAN';

/** The IBAN as stored: spaces (also non-breaking) and dashes removed, capitals. */
export function normalizeIban(text: string): string {
  return text.replace(/[\s\u00a0-]+/g, '').toUpperCase();
}

/**
 * Mod 97 of a text of digits and capitals, letters counted A = 10 … Z = 35, computed piecewise so
 * that no number leaves the exact integer range. Shared by the IBAN and the SCOR reference (ISO 11649).
 */
export function mod97(text: string): number {
  let remainder = 0;
  for (const character of text) {
    const code = character.charCodeAt(0);
    const value = code >= 65 && code <= 90 ? String(code - 55) : character;
    for (const digit of value) remainder = (remainder * 10 + (digit.charCodeAt(0) - 48)) % 97;
  }
  return remainder;
}

/** True when `iban` (normalized) has the IBAN shape and its check digits are right (mod 97 = 1). */
export function isValidIban(iban: string): boolean {
  if (!/^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  return mod97(iban.slice(4) + iban.slice(0, 4)) === 1;
}

/** True when the text has the shape of an IBAN (country, two digits, 11–30 characters), whatever its check digits. */
export function looksLikeIban(iban: string): boolean {
  return /^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$/.test(iban);
}

/** The IBAN in groups of four, as printed on cards and statements ("CH93 0076 2011 6238 5295 7"). */
export function formatIban(iban: string): string {
  return normalizeIban(iban).replace(/(.{4})(?=.)/g, '$1 ');
}

/** A "Kontonummer" as stored: spaces (also non-breaking) removed, capitals; dashes and dots stay as the bank writes them. */
export function normalizeAccountNumber(text: string): string {
  return text.replace(/[\s\u00a0]+/g, '').toUpperCase();
}

/**
 * The key a statement's account (`<IBAN>` or `<Othr><Id>`) and an account's IBAN or "Kontonummer"
 * are compared by: letters and digits only, in capitals ("0835-123456-01" = "083512345601";
 * docs/bank-statements.md "Accounts").
 */
export function accountKeyOf(text: string): string {
  return text.replace(/[^0-9A-Za-z]+/g, '').toUpperCase();
}
