import { formatDate, isIsoDate } from '@saldopilot/shared';

const swissDate = /^(\d{1,2})\.(\d{1,2})\.(\d{2}|\d{4})$/;

/**
 * The value a date field hands to its form for what was typed: 'YYYY-MM-DD' for a day that exists
 * ("5.3.2026", "05.03.26", "2026-03-05"), `null` for an empty field (null, not undefined, for the
 * reason centsOfText gives), and the text itself when it is no date, so the form's schema answers
 * "Ungültiger Datumswert" rather than "Bitte Datum eingeben".
 */
export function isoOfDateText(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (isIsoDate(trimmed)) return trimmed;
  const match = swissDate.exec(trimmed);
  if (!match) return trimmed;
  const [, day = '', month = '', year = ''] = match;
  // Two-digit years are this century's: nobody plans a balance for 1926.
  const iso = `${year.length === 2 ? `20${year}` : year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  return isIsoDate(iso) ? iso : trimmed;
}

/** What a date field shows for a value: "05.03.2026" (docs/web.md "Formatting"), the raw text of an invalid one, or nothing. */
export function textOfIsoDate(date: string | null | undefined): string {
  if (!date) return '';
  return isIsoDate(date) ? formatDate(date) : date;
}
