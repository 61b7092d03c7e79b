import { formatAmount, formatDate, formatInstantInZurich } from '@saldopilot/shared';

// Display formatting of the web app: the shared helpers (server and browser print the same) and the
// few labels that only the browser shows.
export { formatAmount, formatDate, formatInstantInZurich };

/** A currency in dropdowns: code, a dash, then the description (docs/product.md "Entities"), e.g. "CHF - Schweizer Franken". */
export function formatCurrencyLabel(currency: { code: string; description: string }): string {
  return `${currency.code} - ${currency.description}`;
}

/** The server's date for the footer note, or undefined when the instant cannot be read. */
export function formatServerDate(iso: string | undefined): string | undefined {
  if (!iso) return undefined;
  try {
    return formatInstantInZurich(iso);
  } catch {
    return undefined;
  }
}

/**
 * A date and time with seconds in the browser's own time zone, e.g. "31.01.2025, 14:03:22"
 * ("Zuletzt berechnet am", docs/web.md "Formatting"); "-" when the instant cannot be read. Built
 * from the Date's local fields: a first Intl.DateTimeFormat in the browser's zone cost ~40 ms on
 * the Prognose page.
 */
export function formatLocalDateTime(iso: string): string {
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return '-';
  const two = (value: number) => String(value).padStart(2, '0');
  const date = `${two(instant.getDate())}.${two(instant.getMonth() + 1)}.${instant.getFullYear()}`;
  return `${date}, ${two(instant.getHours())}:${two(instant.getMinutes())}:${two(instant.getSeconds())}`;
}

/** The browser's current month, 'YYYY-MM' (the forecast's time-zone hint compares it with the server's). */
export function localMonth(now: Date = new Date()): string {
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}`;
}

/** What a missing figure shows (a month without bank entries has no actual): an en dash. */
export const NO_FIGURE = '–';

/**
 * A percentage with one decimal and a space before the sign, as de-CH writes it: "12.3 %";
 * `signed` puts "+" before a positive one (a variance), "–" stands for none.
 */
export function formatPercent(value: number | null, { signed = false }: { signed?: boolean } = {}): string {
  if (value === null || !Number.isFinite(value)) return NO_FIGURE;
  const text = `${value.toFixed(1)} %`;
  return signed && value > 0 ? `+${text}` : text;
}

/** An amount with "+" before a positive one (a variance: "+50.00 CHF", "-35.00 CHF", "0.00 CHF"). */
export function formatSignedAmount(cents: number, currencyCode?: string): string {
  const text = formatAmount(cents, currencyCode);
  return cents > 0 ? `+${text}` : text;
}
