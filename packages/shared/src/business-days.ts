/**
 * Swiss bank business days (docs/recurring.md "Business days"): Monday to Friday except the days
 * Swiss banks do not book — New Year, Berchtoldstag, Good Friday, Easter Monday, Ascension, Whit
 * Monday, the National Day, Christmas and St Stephen's Day. Pure arithmetic on 'YYYY-MM-DD' strings
 * (calendar.ts); Easter by the Gregorian computus, the holidays of a year computed once.
 */

import { addDays, dateOfDayNumber, dayNumber } from './calendar.js';

const holidaysByYear = new Map<number, ReadonlySet<string>>();

/** Easter Sunday of a Gregorian year (the anonymous Gregorian algorithm). */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The Swiss bank holidays of a year (docs/recurring.md "Business days"). */
export function swissBankHolidays(year: number): ReadonlySet<string> {
  const kept = holidaysByYear.get(year);
  if (kept) return kept;
  const y = String(year).padStart(4, '0');
  const easter = easterSunday(year);
  const days = new Set([
    `${y}-01-01`,
    `${y}-01-02`,
    addDays(easter, -2),
    addDays(easter, 1),
    addDays(easter, 39),
    addDays(easter, 50),
    `${y}-08-01`,
    `${y}-12-25`,
    `${y}-12-26`,
  ]);
  holidaysByYear.set(year, days);
  return days;
}

/** Day of the week, 0 = Sunday … 6 = Saturday. */
export function weekdayOf(date: string): number {
  return (((dayNumber(date) + 4) % 7) + 7) % 7;
}

/** True on a Swiss bank business day: a weekday that is no bank holiday. */
export function isBusinessDay(date: string): boolean {
  return isBusinessDayNumber(dayNumber(date));
}

/** {@link isBusinessDay} of a day number (calendar.ts `dayNumber`). */
function isBusinessDayNumber(day: number): boolean {
  const weekday = (((day + 4) % 7) + 7) % 7;
  if (weekday === 0 || weekday === 6) return false;
  const date = dateOfDayNumber(day);
  return !swissBankHolidays(Number(date.slice(0, 4))).has(date);
}

/** The date itself when it is a business day, else the next business day (a booking moved forward). */
export function nextBusinessDay(date: string): string {
  let day = dayNumber(date);
  while (!isBusinessDayNumber(day)) day += 1;
  return dateOfDayNumber(day);
}

/** The date itself when it is a business day, else the business day before. */
export function previousBusinessDay(date: string): string {
  let day = dayNumber(date);
  while (!isBusinessDayNumber(day)) day -= 1;
  return dateOfDayNumber(day);
}

/**
 * `n` business days after `date` (before when negative). From a day that is no business day, the
 * first step lands on the nearest business day in that direction.
 */
export function addBusinessDays(date: string, n: number): string {
  let day = dayNumber(date);
  let left = Math.abs(n);
  const step = n < 0 ? -1 : 1;
  while (left > 0) {
    day += step;
    if (isBusinessDayNumber(day)) left -= 1;
  }
  return dateOfDayNumber(day);
}
