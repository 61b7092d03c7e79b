/**
 * Month arithmetic on integers for the hot loops. Every date of the input is parsed once into
 * (month index, day); occurrences are then found by adding whole months, so a forecast over 10,000
 * transactions and 60 months builds no date strings. The shared date helpers (anchorStep, addCycle,
 * stableAdd) stay the definition: the tests compare these shortcuts with them.
 */

import { forecastMonths } from './forecast-months.js';

/** A parsed calendar date: months counted from year 0 (year × 12 + month − 1) and the day. */
export interface DayPoint {
  monthIndex: number;
  day: number;
}

/** The number of the digits at [from, from + count), or -1 when any of them is not a digit. */
function digitsAt(text: string, from: number, count: number): number {
  let value = 0;
  for (let i = from; i < from + count; i++) {
    const digit = text.charCodeAt(i) - 48;
    if (digit < 0 || digit > 9) return -1;
    value = value * 10 + digit;
  }
  return value;
}

/**
 * Parses 'YYYY-MM-DD' into a {@link DayPoint}. Hand-written instead of a regular expression because
 * every date of 10,000 transactions passes here on each forecast (it was the largest part of their
 * cost); the test compares it with the shared isIsoDate.
 * @throws RangeError when the text is not a calendar date (the API validates first).
 */
export function parseDay(date: string): DayPoint {
  const year = date.length === 10 && date[4] === '-' && date[7] === '-' ? digitsAt(date, 0, 4) : -1;
  const month = digitsAt(date, 5, 2);
  const day = digitsAt(date, 8, 2);
  const monthIndex = year * 12 + month - 1;
  if (year < 0 || month < 1 || month > 12 || day < 1 || day > daysOfMonthIndex(monthIndex)) {
    throw new RangeError(`Not a calendar date (YYYY-MM-DD): ${date}`);
  }
  return { monthIndex, day };
}

/**
 * The month index (year × 12 + month − 1) of 'YYYY-MM'.
 * @throws RangeError when the text is not a month.
 */
export function parseMonthIndex(month: string): number {
  const year = month.length === 7 && month[4] === '-' ? digitsAt(month, 0, 4) : -1;
  const number = digitsAt(month, 5, 2);
  if (year < 0 || number < 1 || number > 12) throw new RangeError(`Not a month (YYYY-MM): ${month}`);
  return year * 12 + number - 1;
}

const monthLengths = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * Days of the month with the given index. Arithmetic rather than the shared daysInMonth because it
 * runs once per occurrence and month; the test compares both over four centuries.
 */
export function daysOfMonthIndex(monthIndex: number): number {
  const month = monthIndex % 12;
  if (month !== 1) return monthLengths[month] as number;
  const year = (monthIndex - month) / 12;
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
}

/** The requested months as indexes and keys, plus "today" as a point. */
export interface Horizon {
  /** Today as given ('YYYY-MM-DD'). */
  todayDate: string;
  today: DayPoint;
  /** Index of the first month (today's month). */
  first: number;
  /** Index of the last month: the horizon end H is its last day (docs/forecast.md "Months"). */
  last: number;
  /** Number of months. */
  count: number;
  /** The 'YYYY-MM' keys of the months, first to last. */
  keys: string[];
}

/**
 * The horizon of a forecast: `months` months from today's month (docs/forecast.md "Months").
 * @throws RangeError on an invalid date or a month count outside 1–60.
 */
export function horizonOf(today: string, months: number): Horizon {
  const keys = forecastMonths(today, months);
  const point = parseDay(today);
  return {
    todayDate: today,
    today: point,
    first: point.monthIndex,
    last: point.monthIndex + months - 1,
    count: months,
    keys,
  };
}

/** 'YYYY-MM' of a month index (years 0000–9999). */
export function monthKeyOf(monthIndex: number): string {
  const month = (monthIndex % 12) + 1;
  return `${String((monthIndex - month + 1) / 12).padStart(4, '0')}-${month < 10 ? '0' : ''}${month}`;
}
