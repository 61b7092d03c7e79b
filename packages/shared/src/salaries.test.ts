import { describe, expect, it } from 'vitest';
import {
  capEnd,
  isInFuture,
  isTerminated,
  normalizeTermination,
  representativeSalary,
  timelineAfterCreate,
  timelineAfterDelete,
  timelineAfterUpdate,
  willBeTerminated,
  type SalaryEndChange,
  type TimelineSalary,
} from './salaries.js';
import type { Cycle } from './schemas/fields.js';

/** A monthly, enabled, ordinary salary row; the overrides make each case readable. */
function salary(id: number, fromDate: string, toDate: string | null, extra: Partial<TimelineSalary> = {}) {
  return { id, fromDate, toDate, cycle: 'monthly' as Cycle, isDisabled: false, isTermination: false, ...extra };
}

/** Order-insensitive comparison of end changes. */
function byId(changes: SalaryEndChange[]): SalaryEndChange[] {
  return [...changes].sort((a, b) => a.id - b.id);
}

describe('capEnd', () => {
  it.each<[string, string, Cycle, string]>([
    // The research's three examples (§5.4).
    ['2026-01-01', '2026-08-01', 'monthly', '2026-07-01'],
    ['2025-01-31', '2025-09-30', 'monthly', '2025-08-31'],
    ['2025-01-26', '2025-06-27', 'monthly', '2025-05-26'],
    // Limit within the first cycle: the start itself.
    ['2026-01-15', '2026-02-10', 'monthly', '2026-01-15'],
    ['2026-01-01', '2026-01-20', 'monthly', '2026-01-01'],
    ['2026-01-01', '2026-02-01', 'monthly', '2026-01-01'],
    // The anchor day stays: 31st → 28 Feb → 31 Mar.
    ['2025-01-31', '2025-03-15', 'monthly', '2025-02-28'],
    ['2025-01-31', '2025-04-01', 'monthly', '2025-03-31'],
    // Longer cycles keep the payment whose successor reaches the limit's month.
    ['2026-01-01', '2026-08-01', 'quarterly', '2026-07-01'],
    ['2026-01-01', '2026-07-01', 'quarterly', '2026-04-01'],
    ['2026-01-01', '2027-03-01', 'biannually', '2027-01-01'],
    ['2026-01-01', '2027-01-01', 'biannually', '2026-07-01'],
    ['2024-02-29', '2026-03-01', 'yearly', '2026-02-28'],
    // Far apart (the walk starts near the limit, the answer is the same).
    ['1990-05-10', '2026-08-01', 'monthly', '2026-07-10'],
  ])('capEnd(%s, %s, %s) = %s', (from, limit, cycle, expected) => {
    expect(capEnd(from, limit, cycle)).toBe(expected);
  });

  it('refuses invalid dates', () => {
    expect(() => capEnd('2026-02-30', '2026-08-01', 'monthly')).toThrow(RangeError);
  });
});

describe('timelineAfterCreate', () => {
  it.each<[string, TimelineSalary[], TimelineSalary, SalaryEndChange[]]>([
    [
      'caps an open previous salary',
      [salary(1, '2026-01-01', null)],
      salary(2, '2026-08-01', null),
      [{ id: 1, toDate: '2026-07-01' }],
    ],
    [
      'caps a previous salary that ends after the new start',
      [salary(1, '2026-01-01', '2026-12-01')],
      salary(2, '2026-08-01', null),
      [{ id: 1, toDate: '2026-07-01' }],
    ],
    [
      'caps a previous salary ending on the new start',
      [salary(1, '2026-01-01', '2026-08-01')],
      salary(2, '2026-08-01', null),
      [{ id: 1, toDate: '2026-07-01' }],
    ],
    [
      'leaves a previous salary alone that ended before',
      [salary(1, '2026-01-01', '2026-03-01')],
      salary(2, '2026-08-01', null),
      [],
    ],
    [
      'inserted between two: caps the previous and itself',
      [salary(1, '2026-01-01', '2026-07-01'), salary(3, '2026-08-01', null)],
      salary(2, '2026-04-01', null),
      [
        { id: 1, toDate: '2026-03-01' },
        { id: 2, toDate: '2026-07-01' },
      ],
    ],
    [
      'inserted between two with its own end before the next: keeps it',
      [salary(1, '2026-01-01', '2026-07-01'), salary(3, '2026-08-01', null)],
      salary(2, '2026-04-01', '2026-05-01'),
      [{ id: 1, toDate: '2026-03-01' }],
    ],
    [
      'inserted first: caps only itself',
      [salary(3, '2026-08-01', null)],
      salary(2, '2026-04-01', '2027-01-01'),
      [{ id: 2, toDate: '2026-07-01' }],
    ],
    [
      'disabled neighbours are skipped',
      [salary(0, '2025-01-01', null), salary(1, '2026-01-01', null, { isDisabled: true })],
      salary(2, '2026-08-01', null),
      [{ id: 0, toDate: '2026-07-01' }],
    ],
    [
      'a termination caps the previous salary',
      [salary(1, '2026-01-01', null)],
      salary(2, '2026-07-01', null, { isTermination: true }),
      [{ id: 1, toDate: '2026-06-01' }],
    ],
    [
      'a rehire caps the termination',
      [salary(1, '2026-01-01', '2026-06-01'), salary(2, '2026-07-01', null, { isTermination: true })],
      salary(3, '2027-01-01', null),
      [{ id: 2, toDate: '2026-12-01' }],
    ],
    [
      'the previous salary is capped in its own cycle',
      [salary(1, '2025-01-31', null, { cycle: 'quarterly' })],
      salary(2, '2025-09-15', null),
      [{ id: 1, toDate: '2025-07-31' }],
    ],
  ])('%s', (_name, salaries, created, expected) => {
    expect(byId(timelineAfterCreate(salaries, created))).toEqual(expected);
    // The same answer when the caller already has the new row in the list.
    expect(byId(timelineAfterCreate([...salaries, created], created))).toEqual(expected);
  });
});

describe('timelineAfterUpdate', () => {
  it.each<[string, TimelineSalary[], TimelineSalary, SalaryEndChange[]]>([
    [
      'always recomputes the previous end, even one that ended earlier',
      [salary(1, '2026-01-01', '2026-03-01'), salary(2, '2026-08-01', null)],
      salary(2, '2026-09-01', null),
      [{ id: 1, toDate: '2026-08-01' }],
    ],
    [
      'overrides the submitted end when a next salary exists',
      [salary(1, '2026-01-01', '2026-05-01'), salary(2, '2026-06-01', null), salary(3, '2027-01-01', null)],
      salary(2, '2026-06-01', '2027-06-01'),
      [{ id: 2, toDate: '2026-12-01' }],
    ],
    [
      'keeps the submitted end of the last salary (nothing beyond what the update saves)',
      [salary(1, '2026-01-01', '2026-05-01'), salary(2, '2026-06-01', null)],
      salary(2, '2026-06-01', '2026-10-01'),
      [],
    ],
    [
      'moved past its next salary: the old previous closes the gap (ours)',
      [salary(1, '2026-01-01', '2026-03-01'), salary(2, '2026-04-01', '2026-07-01'), salary(3, '2026-08-01', null)],
      salary(2, '2026-10-01', null),
      [
        { id: 1, toDate: '2026-07-01' },
        { id: 3, toDate: '2026-09-01' },
      ],
    ],
    [
      'moved before the only other salary: that one is open again, this one capped',
      [salary(1, '2026-01-01', '2026-03-01'), salary(2, '2026-04-01', null)],
      salary(2, '2025-06-01', null),
      [
        { id: 1, toDate: null },
        { id: 2, toDate: '2025-12-01' },
      ],
    ],
    ['alone: nothing to do', [salary(1, '2026-01-01', null)], salary(1, '2026-02-01', null), []],
    [
      'disabled neighbours are skipped',
      [
        salary(1, '2026-01-01', null),
        salary(2, '2026-05-01', null, { isDisabled: true }),
        salary(3, '2026-08-01', null),
      ],
      salary(3, '2026-09-01', null),
      [{ id: 1, toDate: '2026-08-01' }],
    ],
  ])('%s', (_name, salaries, updated, expected) => {
    expect(byId(timelineAfterUpdate(salaries, updated))).toEqual(expected);
  });
});

describe('timelineAfterDelete', () => {
  it.each<[string, TimelineSalary[], number, SalaryEndChange[]]>([
    [
      'between two: the previous ends before the next',
      [salary(1, '2026-01-01', '2026-03-01'), salary(2, '2026-04-01', '2026-07-01'), salary(3, '2026-08-01', null)],
      2,
      [{ id: 1, toDate: '2026-07-01' }],
    ],
    [
      'the last one: the previous is open again',
      [salary(1, '2026-01-01', '2026-03-01'), salary(2, '2026-04-01', null)],
      2,
      [{ id: 1, toDate: null }],
    ],
    ['the first one: nothing changes', [salary(1, '2026-01-01', '2026-03-01'), salary(2, '2026-04-01', null)], 1, []],
    ['an unknown id: nothing changes', [salary(1, '2026-01-01', null)], 9, []],
    [
      'the previous is already open: nothing changes',
      [salary(1, '2026-01-01', null), salary(2, '2025-01-01', null)],
      1,
      [],
    ],
    [
      'disabled rows are neither previous nor next',
      [
        salary(1, '2026-01-01', '2026-03-01'),
        salary(2, '2026-04-01', '2026-07-01'),
        salary(3, '2026-08-01', null, { isDisabled: true }),
      ],
      2,
      [{ id: 1, toDate: null }],
    ],
  ])('%s', (_name, salaries, deletedId, expected) => {
    expect(byId(timelineAfterDelete(salaries, deletedId))).toEqual(expected);
  });
});

describe('normalizeTermination', () => {
  it('zeroes a termination and removes its end', () => {
    const row = {
      isTermination: true,
      amount: 500000,
      hoursPerMonth: 160,
      vacationDaysPerYear: 25,
      toDate: '2027-01-01',
    };
    expect(normalizeTermination(row)).toEqual({
      ...row,
      amount: 0,
      hoursPerMonth: 0,
      vacationDaysPerYear: 0,
      toDate: null,
    });
  });

  it('leaves an ordinary salary as it is', () => {
    const row = { isTermination: false, amount: 500000, hoursPerMonth: 160, vacationDaysPerYear: 25, toDate: null };
    expect(normalizeTermination(row)).toBe(row);
  });
});

describe('representativeSalary', () => {
  const today = '2026-06-15';
  it.each<[string, TimelineSalary[], number | null]>([
    ['active beats future', [salary(1, '2026-01-01', null), salary(2, '2026-09-01', null)], 1],
    ['ended ones are skipped', [salary(1, '2025-01-01', '2026-05-01'), salary(2, '2026-07-01', null)], 2],
    ['an end on today still counts', [salary(1, '2025-01-01', '2026-06-15'), salary(2, '2026-07-01', null)], 1],
    ['a start on today is active', [salary(1, '2026-06-15', null), salary(2, '2026-07-01', null)], 1],
    [
      'disabled ones are skipped',
      [salary(1, '2026-01-01', null, { isDisabled: true }), salary(2, '2026-09-01', null)],
      2,
    ],
    ['the earliest future one', [salary(2, '2026-09-01', null), salary(3, '2026-08-01', '2026-08-01')], 3],
    ['the latest active one when several are open', [salary(1, '2025-01-01', null), salary(2, '2026-01-01', null)], 2],
    ['none left', [salary(1, '2025-01-01', '2026-05-01'), salary(2, '2026-09-01', null, { isDisabled: true })], null],
    ['no salaries', [], null],
    [
      'a termination in force',
      [salary(1, '2025-01-01', '2026-03-01'), salary(2, '2026-04-01', null, { isTermination: true })],
      2,
    ],
  ])('%s', (_name, salaries, expectedId) => {
    expect(representativeSalary(salaries, today)?.id ?? null).toBe(expectedId);
  });

  it('derives the employee flags', () => {
    const rows = [
      salary(1, '2026-01-01', '2026-08-01'),
      salary(2, '2026-09-01', null, { isTermination: true }),
      salary(3, '2027-01-01', null, { isTermination: true, isDisabled: true }),
    ];
    const rep = representativeSalary(rows, today);
    expect(rep?.id).toBe(1);
    expect(isInFuture(rep, today)).toBe(false);
    expect(isTerminated(rep)).toBe(false);
    expect(willBeTerminated(rows, today)).toBe(true);
    expect(willBeTerminated(rows, '2026-09-01')).toBe(false);
    const later = representativeSalary(rows, '2026-10-01');
    expect(isTerminated(later)).toBe(true);
    expect(isInFuture(salary(4, '2026-06-16', null), today)).toBe(true);
    expect(isInFuture(null, today)).toBe(false);
    expect(isTerminated(null)).toBe(false);
  });
});
