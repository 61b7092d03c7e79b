/**
 * Calendar helpers on plain strings: dates 'YYYY-MM-DD', months 'YYYY-MM' (docs/design.md "Dates
 * and today"). Strings instead of `Date` objects because a calendar day has no time zone: a `Date`
 * at midnight shifts to the previous day as soon as someone formats it in another zone. Only the
 * two functions that take an instant touch `Intl`, and they name the zone explicitly.
 */

import { TIME_ZONE } from './constants.js';

interface DateParts {
  year: number;
  month: number;
  day: number;
}

const isoDatePattern = /^(\d{4})-(\d{2})-(\d{2})$/;
const isoMonthPattern = /^(\d{4})-(\d{2})$/;

/** The German month names, January first (de-CH). */
export const germanMonthNames = [
  'Januar',
  'Februar',
  'März',
  'April',
  'Mai',
  'Juni',
  'Juli',
  'August',
  'September',
  'Oktober',
  'November',
  'Dezember',
] as const;

function pad(value: number, width: number): string {
  return String(value).padStart(width, '0');
}

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/** Parts of a real calendar date, or undefined; the one parser behind every date helper here. */
function parseDate(date: string): DateParts | undefined {
  const match = isoDatePattern.exec(date);
  if (!match) return undefined;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined;
  return { year, month, day };
}

function requireDate(date: string): DateParts {
  const parts = parseDate(date);
  if (!parts) throw new RangeError(`Not a calendar date (YYYY-MM-DD): ${date}`);
  return parts;
}

/** Months counted from year 0 (year * 12 + month - 1): month arithmetic becomes integer addition. */
function requireMonthIndex(month: string): number {
  const match = isoMonthPattern.exec(month);
  const year = Number(match?.[1]);
  const monthNumber = Number(match?.[2]);
  if (!match || monthNumber < 1 || monthNumber > 12) {
    throw new RangeError(`Not a month (YYYY-MM): ${month}`);
  }
  return year * 12 + monthNumber - 1;
}

function yearAndMonthOfIndex(index: number): { year: number; month: number } {
  const year = Math.floor(index / 12);
  // Four-digit years only: anything else would not round-trip through the patterns above.
  if (year < 0 || year > 9999) throw new RangeError(`Month outside the years 0000-9999: index ${index}`);
  return { year, month: (index % 12) + 1 };
}

function monthFromIndex(index: number): string {
  const { year, month } = yearAndMonthOfIndex(index);
  return `${pad(year, 4)}-${pad(month, 2)}`;
}

function requireInteger(value: number, name: string): void {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${name} must be an integer: ${value}`);
}

/**
 * Number of days of a month (1-12) of a Gregorian year, leap years included.
 * @throws RangeError when the year is not an integer or the month is not 1-12.
 */
export function daysInMonth(year: number, month: number): number {
  requireInteger(year, 'year');
  if (!Number.isInteger(month) || month < 1 || month > 12) throw new RangeError(`month must be 1-12: ${month}`);
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** True when `s` is 'YYYY-MM-DD' and names a day that exists ('2026-02-30' does not; '2028-02-29' does). */
export function isIsoDate(s: string): boolean {
  return parseDate(s) !== undefined;
}

/** True when `s` is 'YYYY-MM' with a month 01-12. */
export function isIsoMonth(s: string): boolean {
  const match = isoMonthPattern.exec(s);
  const month = Number(match?.[2]);
  return match !== null && month >= 1 && month <= 12;
}

/**
 * Moves a date by `n` months (negative goes back). The day is the anchor day clamped to the target
 * month's last day: '2026-01-31' + 1 = '2026-02-28'. A monthly series passes its original day as
 * `anchorDay` so one short month does not pull every later date: '2026-02-28' + 1 with anchor 31 =
 * '2026-03-31'. Without `anchorDay` the date's own day is the anchor.
 * @throws RangeError on an invalid date, a non-integer `n`, or an anchor day outside 1-31.
 */
export function addMonths(date: string, n: number, anchorDay?: number): string {
  const { year, month, day } = requireDate(date);
  requireInteger(n, 'n');
  const anchor = anchorDay ?? day;
  if (!Number.isInteger(anchor) || anchor < 1 || anchor > 31) throw new RangeError(`anchorDay must be 1-31: ${anchor}`);
  const target = yearAndMonthOfIndex(year * 12 + month - 1 + n);
  const targetDay = Math.min(anchor, daysInMonth(target.year, target.month));
  return `${pad(target.year, 4)}-${pad(target.month, 2)}-${pad(targetDay, 2)}`;
}

/**
 * The month 'YYYY-MM' a date falls in.
 * @throws RangeError on an invalid date.
 */
export function monthOf(date: string): string {
  requireDate(date);
  return date.slice(0, 7);
}

/**
 * Moves a month by `n` months: '2026-11' + 3 = '2027-02'.
 * @throws RangeError on an invalid month or a non-integer `n`.
 */
export function addMonthsToMonth(month: string, n: number): string {
  requireInteger(n, 'n');
  return monthFromIndex(requireMonthIndex(month) + n);
}

/**
 * The last day of a month 'YYYY-MM': '2028-02' -> '2028-02-29'.
 * @throws RangeError on an invalid month.
 */
export function lastDayOfMonth(month: string): string {
  const { year, month: number } = yearAndMonthOfIndex(requireMonthIndex(month));
  return `${month}-${pad(daysInMonth(year, number), 2)}`;
}

/**
 * `count` consecutive months starting with `startMonth`: ('2026-11', 3) -> ['2026-11', '2026-12', '2027-01'].
 * @throws RangeError on an invalid month or a count that is not a non-negative integer.
 */
export function monthRange(startMonth: string, count: number): string[] {
  const start = requireMonthIndex(startMonth);
  if (!Number.isSafeInteger(count) || count < 0) throw new RangeError(`count must be a non-negative integer: ${count}`);
  return Array.from({ length: count }, (_, i) => monthFromIndex(start + i));
}

/**
 * Comparator for `Array.prototype.sort`: negative, 0 or positive as `a` is before, equal to or after `b`.
 * Works for 'YYYY-MM-DD' and for 'YYYY-MM' because the fixed-width format orders like the calendar;
 * the inputs are not re-validated since sorting large lists is a hot path (validate at the boundary).
 */
export function compareDates(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

// Built once, on first use: constructing a DateTimeFormat with a time zone is far slower than using
// one (about 40 ms in Chromium on the 2-core machine, as it loads the zone data), and the browser
// should not pay it while the app boots. 'en-US' with latin digits and formatToParts makes the
// result independent of how any locale orders or spells the parts.
let zurichParts: Intl.DateTimeFormat | undefined;

function zurichFormat(): Intl.DateTimeFormat {
  zurichParts ??= new Intl.DateTimeFormat('en-US-u-nu-latn-ca-gregory', {
    timeZone: TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  return zurichParts;
}

/**
 * The calendar date in Europe/Zurich of an instant, e.g. 2026-11-21T23:30:00Z -> '2026-11-22'.
 * "Today" of the product is this date of the server's clock (docs/design.md "Dates and today"); the
 * caller passes the instant.
 * @throws RangeError on an invalid `Date`.
 */
export function zurichDateOf(instant: Date): string {
  if (Number.isNaN(instant.getTime())) throw new RangeError('Invalid instant');
  const parts = zurichFormat().formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return `${pad(part('year'), 4)}-${pad(part('month'), 2)}-${pad(part('day'), 2)}`;
}

/**
 * Formats a calendar date for display as 'dd.MM.yyyy' ('2026-03-05' -> '05.03.2026'), built from the
 * string itself so no time zone can move the day.
 * @throws RangeError on an invalid date.
 */
export function formatDate(date: string): string {
  const { year, month, day } = requireDate(date);
  return `${pad(day, 2)}.${pad(month, 2)}.${pad(year, 4)}`;
}

/**
 * Formats an instant (an ISO 8601 timestamp such as the server time) as its Europe/Zurich calendar
 * date 'dd.MM.yyyy' (docs/product.md "Constants": server time is shown in Europe/Zurich).
 * @throws RangeError when `iso` is not a parseable timestamp.
 */
export function formatInstantInZurich(iso: string): string {
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) throw new RangeError(`Not a timestamp: ${iso}`);
  return formatDate(zurichDateOf(instant));
}

/** A date and time in Europe/Zurich, e.g. "02.05.2026, 14:30" (an invitation's expiry, the date of an export's data). */
export function formatDateTimeInZurich(iso: string): string {
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return '';
  const parts = new Intl.DateTimeFormat('de-CH', {
    timeZone: 'Europe/Zurich',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((candidate) => candidate.type === type)?.value;
  return `${part('day')}.${part('month')}.${part('year')}, ${part('hour')}:${part('minute')}`;
}

/**
 * The German label of a month, e.g. '2026-01' -> 'Januar 2026' (forecast column headers). The names
 * are spelled out here rather than taken from Intl because Node builds with reduced ICU data fall
 * back to English, and server and browser must print the same.
 * @throws RangeError on an invalid month.
 */
export function formatMonthLabel(month: string): string {
  const index = requireMonthIndex(month);
  return `${germanMonthNames[index % 12]} ${month.slice(0, 4)}`;
}

/**
 * Days since 1970-01-01 of a 'YYYY-MM-DD' date (negative before), by the civil-calendar arithmetic
 * of the proleptic Gregorian calendar: no Date object, no time zone.
 */
export function dayNumber(date: string): number {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  const day = Number(date.slice(8, 10));
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146097 + dayOfEra - 719468;
}

/** The 'YYYY-MM-DD' date of a day number (the inverse of {@link dayNumber}). */
export function dateOfDayNumber(days: number): string {
  const shifted = days + 719468;
  const era = Math.floor(shifted / 146097);
  const dayOfEra = shifted - era * 146097;
  const yearOfEra = Math.floor(
    (dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36524) - Math.floor(dayOfEra / 146096)) / 365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const monthPart = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * monthPart + 2) / 5) + 1;
  const month = monthPart < 10 ? monthPart + 3 : monthPart - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** `date` plus `days` (negative: earlier). */
export function addDays(date: string, days: number): string {
  return dateOfDayNumber(dayNumber(date) + days);
}

/** Days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from);
}
