/** Day 0 of Excel's 1900 date system, as Excel counts from March 1900 on. */
const EPOCH = Date.UTC(1899, 11, 30);
const FIRST = Date.UTC(1900, 0, 1);
const LEAP_BUG_END = Date.UTC(1900, 2, 1);
const LAST = Date.UTC(10_000, 0, 1);
const DAY_MS = 86_400_000;

/** True when Excel's 1900 date system holds the date (1900-01-01 to 9999-12-31, UTC). */
export function isExcelDate(date: Date): boolean {
  const time = date.getTime();
  return time >= FIRST && time < LAST;
}

/**
 * A date as Excel's serial number (days since 1900, the time of day as the fraction), read in UTC so
 * that no time zone moves a calendar date. Excel counts a 29 February 1900 that never was: dates
 * before March 1900 are one day less than the days elapsed.
 */
export function excelSerial(date: Date): number {
  const time = date.getTime();
  if (!isExcelDate(date)) {
    const shown = Number.isNaN(time) ? 'an invalid date' : date.toISOString();
    throw new RangeError(`${shown} is outside Excel's dates (1900–9999)`);
  }
  const days = (time - EPOCH) / DAY_MS;
  return time < LEAP_BUG_END ? days - 1 : days;
}
