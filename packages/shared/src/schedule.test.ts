import { describe, expect, it } from 'vitest';
import {
  addCycle,
  anchorStep,
  isLastDayOfMonth,
  nextExecutionDate,
  stableAdd,
  vatAmount,
  type PaymentSchedule,
  type ScheduleCycle,
} from './schedule.js';
import type { Cycle } from './schemas/fields.js';

describe('isLastDayOfMonth', () => {
  it.each([
    ['2026-01-31', true],
    ['2026-02-28', true],
    ['2028-02-28', false],
    ['2028-02-29', true],
    ['2026-04-30', true],
    ['2026-04-29', false],
    ['2026-12-31', true],
    ['2026-01-30', false],
  ])('%s -> %s', (date, expected) => {
    expect(isLastDayOfMonth(date)).toBe(expected);
  });
});

describe('addCycle (sticky end)', () => {
  it.each<[string, ScheduleCycle | null, number, string]>([
    // The examples of docs/schedules.md "Date steps".
    ['2026-01-31', 'monthly', 1, '2026-02-28'],
    ['2026-02-28', 'monthly', 1, '2026-03-31'],
    ['2026-04-30', 'monthly', 1, '2026-05-31'],
    ['2026-01-15', 'monthly', 1, '2026-02-15'],
    ['2024-02-29', 'yearly', 1, '2025-02-28'],
    // Month ends 28/29/30/31 and leap years.
    ['2027-02-28', 'yearly', 1, '2028-02-29'],
    ['2028-02-29', 'yearly', 4, '2032-02-29'],
    ['2026-01-30', 'monthly', 1, '2026-02-28'],
    ['2026-01-30', 'monthly', 2, '2026-03-30'],
    ['2026-01-29', 'monthly', 1, '2026-02-28'],
    ['2028-01-29', 'monthly', 1, '2028-02-29'],
    ['2026-01-31', 'monthly', 3, '2026-04-30'],
    ['2026-03-31', 'quarterly', 1, '2026-06-30'],
    ['2026-06-30', 'quarterly', 1, '2026-09-30'],
    ['2026-11-30', 'quarterly', 1, '2027-02-28'],
    ['2026-08-31', 'biannually', 1, '2027-02-28'],
    ['2026-02-28', 'biannually', 1, '2026-08-31'],
    ['2026-05-15', 'biannually', 3, '2027-11-15'],
    ['2026-12-31', 'monthly', 2, '2027-02-28'],
    // Backwards, zero steps, no cycle.
    ['2026-03-31', 'monthly', -1, '2026-02-28'],
    ['2026-02-28', 'monthly', -1, '2026-01-31'],
    ['2026-02-15', 'yearly', 0, '2026-02-15'],
    ['2026-01-31', 'once', 5, '2026-01-31'],
    ['2026-01-31', null, 5, '2026-01-31'],
  ])('%s + %s x %i = %s', (date, cycle, n, expected) => {
    expect(addCycle(date, cycle, n)).toBe(expected);
  });

  it('refuses invalid dates and fractional steps', () => {
    expect(() => addCycle('2026-02-30', 'monthly', 1)).toThrow(RangeError);
    expect(() => addCycle('2026-02-01', 'monthly', 1.5)).toThrow(RangeError);
  });
});

describe('anchorStep', () => {
  it('walks month ends from a 31st anchor and keeps a 28th anchor on the 28th', () => {
    const anchor = '2026-01-31';
    const walk = [anchor];
    for (let i = 0; i < 4; i++) walk.push(anchorStep(anchor, walk.at(-1)!, 1));
    expect(walk).toEqual(['2026-01-31', '2026-02-28', '2026-03-31', '2026-04-30', '2026-05-31']);
    expect(anchorStep('2026-02-28', '2026-02-28', 1)).toBe('2026-03-28');
    expect(anchorStep('2026-01-31', '2026-02-28', 12)).toBe('2027-02-28');
    expect(anchorStep('2027-01-31', '2027-11-30', 3)).toBe('2028-02-29');
  });

  it("has the reference's fall-back quirk only when asked for it", () => {
    expect(anchorStep('2026-01-15', '2026-03-20', 3)).toBe('2026-06-15');
    expect(anchorStep('2026-01-15', '2026-03-20', 3, { pastAnchorFallsBack: true })).toBe('2026-05-31');
    expect(anchorStep('2026-01-15', '2026-03-15', 3, { pastAnchorFallsBack: true })).toBe('2026-06-15');
  });
});

describe('stableAdd', () => {
  it.each([
    ['2026-01-31', 1, '2026-02-28'],
    ['2026-02-28', 1, '2026-03-28'],
    ['2025-12-15', 2, '2026-02-15'],
    ['2028-02-29', 12, '2029-02-28'],
    ['2026-03-31', -1, '2026-02-28'],
  ])('%s + %i months = %s', (date, months, expected) => {
    expect(stableAdd(date, months)).toBe(expected);
  });
});

const TODAY = '2026-11-21';
const single = (startDate: string): PaymentSchedule => ({ type: 'single', startDate });
const repeating = (cycle: Cycle, startDate: string, endDate: string | null = null): PaymentSchedule => ({
  type: 'repeating',
  cycle,
  startDate,
  endDate,
});

describe('nextExecutionDate', () => {
  it.each<[string, PaymentSchedule, string, string | null]>([
    ['single today', single('2026-11-21'), TODAY, '2026-11-21'],
    ['single yesterday', single('2026-11-20'), TODAY, null],
    ['single later', single('2027-01-01'), TODAY, '2027-01-01'],
    ['repeating, start later', repeating('monthly', '2026-12-01'), TODAY, '2026-12-01'],
    ['repeating, start later with end', repeating('monthly', '2027-01-01', '2027-06-30'), TODAY, '2027-01-01'],
    ['repeating, start today: one cycle later', repeating('monthly', '2026-11-21'), TODAY, '2026-12-21'],
    ['repeating, a step falls on today', repeating('monthly', '2026-10-21'), TODAY, '2026-11-21'],
    ['repeating, a step tomorrow', repeating('monthly', '2026-10-22'), TODAY, '2026-11-22'],
    ['repeating, the step was yesterday', repeating('monthly', '2026-10-20'), TODAY, '2026-12-20'],
    ['start in the far past', repeating('monthly', '2000-01-31'), TODAY, '2026-11-30'],
    ['31st in February', repeating('monthly', '2026-01-31'), '2026-02-15', '2026-02-28'],
    ['31st after February', repeating('monthly', '2026-01-31'), '2026-03-01', '2026-03-31'],
    ['28 Feb sticks to month ends', repeating('monthly', '2026-02-28'), '2026-04-01', '2026-04-30'],
    ['30th is not a month end in January', repeating('monthly', '2026-01-30'), '2026-03-01', '2026-03-30'],
    ['29th in a leap February', repeating('monthly', '2026-01-29'), '2028-02-01', '2028-02-29'],
    ['29th in a common February', repeating('monthly', '2026-01-29'), '2027-02-01', '2027-02-28'],
    ['leap day yearly, common year', repeating('yearly', '2024-02-29'), '2025-01-01', '2025-02-28'],
    ['leap day yearly, next leap year', repeating('yearly', '2024-02-29'), '2027-03-01', '2028-02-29'],
    ['28 Feb yearly reaches 29 Feb', repeating('yearly', '2023-02-28'), '2024-01-01', '2024-02-29'],
    ['yearly, on the day', repeating('yearly', '2020-06-15'), '2026-06-15', '2026-06-15'],
    ['yearly, a day late', repeating('yearly', '2020-06-15'), '2026-06-16', '2027-06-15'],
    ['quarterly from a 31st', repeating('quarterly', '2026-01-31'), '2026-04-15', '2026-04-30'],
    ['quarterly, between steps', repeating('quarterly', '2026-01-31'), '2026-05-01', '2026-07-31'],
    ['biannually from 31 Aug', repeating('biannually', '2025-08-31'), '2026-01-10', '2026-02-28'],
    ['end before the next step', repeating('monthly', '2026-01-10', '2026-12-09'), TODAY, null],
    ['end on the next step', repeating('monthly', '2026-01-10', '2026-12-10'), TODAY, '2026-12-10'],
    ['end already past', repeating('monthly', '2026-01-10', '2026-11-15'), TODAY, null],
    ['end today, step today', repeating('monthly', '2026-10-21', '2026-11-21'), TODAY, '2026-11-21'],
    ['start today, end today', repeating('yearly', '2026-11-21', '2026-11-21'), TODAY, null],
  ])('%s', (_name, schedule, today, expected) => {
    expect(nextExecutionDate(schedule, today)).toBe(expected);
  });

  it('is the smallest step on or after today, for every day of two years (brute force)', () => {
    const starts = ['2024-01-31', '2024-02-29', '2025-02-28', '2025-04-30', '2025-03-30', '2025-05-15'];
    const cycles: Cycle[] = ['monthly', 'quarterly', 'biannually', 'yearly'];
    for (const startDate of starts) {
      for (const cycle of cycles) {
        const steps = Array.from({ length: 40 }, (_, n) => addCycle(startDate, cycle, n + 1));
        for (let day = 0; day < 731; day += 3) {
          const today = addDays('2025-01-01', day);
          const expected = today < startDate ? startDate : (steps.find((step) => step >= today) ?? null);
          expect(
            nextExecutionDate({ type: 'repeating', cycle, startDate }, today),
            `${startDate} ${cycle} ${today}`,
          ).toBe(expected);
        }
      }
    }
  });

  it('refuses a repeating schedule without a cycle and invalid dates', () => {
    expect(() => nextExecutionDate({ type: 'repeating', startDate: '2026-01-01' }, TODAY)).toThrow(RangeError);
    expect(() => nextExecutionDate(single('2026-02-30'), TODAY)).toThrow(RangeError);
    expect(() => nextExecutionDate(single('2026-02-01'), '21.11.2026')).toThrow(RangeError);
  });
});

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

describe('vatAmount', () => {
  it.each<[string, number, number | null, boolean, number]>([
    // The examples of docs/schedules.md "VAT of a transaction".
    ['120.00 @ 8.1 % on top', 120_00, 810, false, 9_72],
    ["10'000.00 @ 8.1 % on top", 10_000_00, 810, false, 810_00],
    ["19'200.00 @ 8.1 % on top", 19_200_00, 810, false, 1_555_20],
    ["1'077.00 @ 7.7 % included", 1_077_00, 770, true, 77_00],
    // Truncation toward zero, expenses negative.
    ['123.45 @ 8.1 % on top truncates', 123_45, 810, false, 9_99],
    ['expense on top', -123_45, 810, false, -9_99],
    ['100.00 @ 8.1 % included truncates', 100_00, 810, true, 7_49],
    ['expense included', -100_00, 810, true, -7_49],
    ['2.6 % included', 1_026_00, 260, true, 26_00],
    ['one Rappen', 1, 810, false, 0],
    ['no rate', 120_00, null, false, 0],
    ['rate 0', 120_00, 0, true, 0],
    // Beyond 2^53 in the product: exact only with integer arithmetic.
    ["999'999'999'999.99 @ 8.1 % on top", 99_999_999_999_999, 810, false, 8_099_999_999_999],
    ["999'999'999'999.99 @ 8.1 % included", 99_999_999_999_999, 810, true, 7_493_061_979_648],
    ["-999'999'999'999.99 @ 2.6 % included", -99_999_999_999_999, 260, true, -2_534_113_060_428],
    ["999'999'999'999.99 @ 100 % included", 99_999_999_999_999, 10_000, true, 49_999_999_999_999],
  ])('%s', (_name, amount, rate, included, expected) => {
    expect(vatAmount(amount, rate, included)).toBe(expected);
  });

  it('never answers -0', () => {
    expect(Object.is(vatAmount(-1, 810, false), 0)).toBe(true);
  });

  it('refuses fractions and negative rates', () => {
    expect(() => vatAmount(1.5, 810, false)).toThrow(RangeError);
    expect(() => vatAmount(100, -1, false)).toThrow(RangeError);
    expect(() => vatAmount(100, 8.1, false)).toThrow(RangeError);
  });
});
