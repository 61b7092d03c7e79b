/**
 * Structured payment references (docs/plan-actual.md "References", docs/plan-actual.md
 * "References"): the QR reference (27 digits, mod 10 recursive) and the Creditor Reference (ISO
 * 11649, "RF" and mod 97). The statement parsers classify what a bank reports; a transaction may
 * carry one so its payments are recognised exactly.
 */
import { mod97 } from './iban.js';

// The carry table of the recursive mod 10 check digit (QRR, ISR).
const MOD10_TABLE = [0, 9, 4, 6, 8, 2, 7, 1, 3, 5];

/** The check digit of digits by mod 10 recursive (QRR, ISR). */
export function mod10RecursiveDigit(digits: string): number {
  let carry = 0;
  for (const digit of digits) carry = MOD10_TABLE[(carry + digit.charCodeAt(0) - 48) % 10]!;
  return (10 - carry) % 10;
}

/** True when the last digit of `digits` is the mod 10 recursive check digit of the others. */
export function hasRightMod10Digit(digits: string): boolean {
  return /^[0-9]{2,}$/.test(digits) && mod10RecursiveDigit(digits.slice(0, -1)) === Number(digits.at(-1));
}

/** True for a Creditor Reference (ISO 11649): "RF", two check digits, 1–21 letters or digits, mod 97 = 1. */
export function isValidScor(reference: string): boolean {
  return /^RF[0-9]{2}[A-Z0-9]{1,21}$/.test(reference) && mod97(reference.slice(4) + reference.slice(0, 4)) === 1;
}

/** A reference as stored and compared: spaces dropped, capitals. */
export function normalizePaymentReference(text: string): string {
  return text.replace(/[\s\u00a0]+/g, '').toUpperCase();
}

export const PAYMENT_REFERENCE_MESSAGE =
  'Ungültige Referenz: erwartet wird eine QR-Referenz (27 Ziffern) oder eine Creditor Reference (RF…) mit richtiger Prüfziffer';

/** True for a QR reference or a Creditor Reference (normalized) whose check digits are right. */
export function isValidPaymentReference(reference: string): boolean {
  if (reference.startsWith('RF')) return isValidScor(reference);
  return /^[0-9]{27}$/.test(reference) && hasRightMod10Digit(reference);
}
