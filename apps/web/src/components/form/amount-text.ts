import { formatAmount, parseAmount } from '@saldopilot/shared';

/**
 * The value an amount field hands to its form for what was typed: whole cents, `null` for an empty
 * field (the schema says "Betrag wird benötigt") and `NaN` for text that is no amount (the schema
 * says "Ungültiger Betrag"), so the form's one schema gives the German message either way. Empty is
 * null, not undefined: react-hook-form shows a field's default value in place of undefined, so an
 * emptied field would show the old amount (or 0.00) while the form holds nothing.
 */
export function centsOfText(text: string): number | null {
  if (text.trim() === '') return null;
  return parseAmount(text) ?? Number.NaN;
}

/** What an amount field shows for a value when nobody is typing: `1'234.50`, or nothing. */
export function textOfCents(cents: number | null | undefined): string {
  return typeof cents === 'number' && Number.isSafeInteger(cents) ? formatAmount(cents) : '';
}

/** The invert button's label for a value: what a click will do (disabled at 0 or without a value). */
export function invertLabel(cents: number | null | undefined): string {
  return typeof cents === 'number' && cents < 0 ? 'Betrag positiv machen' : 'Betrag negativ machen';
}

/** Whether the invert button can do something: a whole amount other than 0. */
export function canInvert(cents: number | null | undefined): cents is number {
  return typeof cents === 'number' && Number.isSafeInteger(cents) && cents !== 0;
}
