import { describe, expect, it } from 'vitest';
import {
  addBusinessDays,
  easterSunday,
  isBusinessDay,
  nextBusinessDay,
  previousBusinessDay,
  swissBankHolidays,
} from './business-days.js';

// docs/recurring.md "Business days"; the dates checked against a printed calendar.
describe('Swiss bank business days', () => {
  it('computes Easter and the holidays that depend on it', () => {
    expect(easterSunday(2026)).toBe('2026-04-05');
    expect(easterSunday(2027)).toBe('2027-03-28');
    expect(easterSunday(2025)).toBe('2025-04-20');
    expect([...swissBankHolidays(2026)].sort()).toEqual([
      '2026-01-01',
      '2026-01-02',
      '2026-04-03',
      '2026-04-06',
      '2026-05-14',
      '2026-05-25',
      '2026-08-01',
      '2026-12-25',
      '2026-12-26',
    ]);
  });

  it('moves over weekends and holidays', () => {
    expect(isBusinessDay('2026-11-27')).toBe(true);
    expect(isBusinessDay('2026-11-28')).toBe(false);
    expect(isBusinessDay('2026-05-14')).toBe(false);
    // 1 August 2026 is a Saturday and the National Day.
    expect(nextBusinessDay('2026-08-01')).toBe('2026-08-03');
    expect(previousBusinessDay('2026-08-01')).toBe('2026-07-31');
    // Christmas on a Friday: the next business day is Monday the 28th.
    expect(addBusinessDays('2026-12-24', 1)).toBe('2026-12-28');
    expect(addBusinessDays('2027-01-04', -2)).toBe('2026-12-30');
    expect(addBusinessDays('2026-11-27', 0)).toBe('2026-11-27');
  });
});
