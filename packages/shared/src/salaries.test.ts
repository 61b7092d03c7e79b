import { describe, expect, it } from 'vitest';
import {
  baseCostErrors,
  calculatedCostFields,
  capEnd,
  costSchedule,
  costStepAmount,
  defaultHorizonEnd,
  forecastHorizonEnd,
  salaryDeductions,
  salaryNet,
  SalaryCostBaseError,
  type CostDetail,
  type CostScheduleInput,
  type SalaryCostAmountInput,
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
import type { ScheduleCycle } from './schedule.js';
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
    // The three examples of docs/salary-rules.md "Salary timeline".
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

/** A salary cost for the amount rules; fixed, employee-borne and without bases unless overridden. */
function cost(id: number, extra: Partial<SalaryCostAmountInput> = {}): SalaryCostAmountInput {
  return { id, amountType: 'fixed', amount: 0, distributionType: 'employee', baseSalaryCostIDs: [], ...extra };
}

function amountOf(costs: SalaryCostAmountInput[], id: number, salaryAmount: number): number {
  const byId = new Map(costs.map((c) => [c.id, c] as const));
  return costStepAmount(byId.get(id) as SalaryCostAmountInput, salaryAmount, byId);
}

describe('costStepAmount', () => {
  const pct = (id: number, amount: number, extra: Partial<SalaryCostAmountInput> = {}) =>
    cost(id, { amountType: 'percentage', amount, ...extra });

  it.each<[string, SalaryCostAmountInput[], number, number]>([
    ['fixed: the amount', [cost(1, { amount: 150000 })], 1000000, 150000],
    ['fixed ignores the salary', [cost(1, { amount: 150000 })], 0, 150000],
    ['5.3 % of 10000.00', [pct(1, 5300)], 1000000, 53000],
    ['25 % per step whatever the cost cycle', [pct(1, 25000)], 1000000, 250000],
    ['floored', [pct(1, 5300)], 999999, 52999],
    ['0 %', [pct(1, 0)], 1000000, 0],
    [
      'example: 10 % on bases 2000 + 1000 fixed = 300.00',
      [cost(1, { amount: 200000 }), cost(2, { amount: 100000 }), pct(3, 10000, { baseSalaryCostIDs: [1, 2] })],
      1000000,
      30000,
    ],
    [
      'example: 10 % on a 5.1 % both base of 10000.00 = 102.00',
      [pct(1, 5100, { distributionType: 'both' }), pct(2, 10000, { baseSalaryCostIDs: [1] })],
      1000000,
      10200,
    ],
    [
      'bases counted once each',
      [cost(1, { amount: 200000 }), cost(2, { amount: 100000 }), pct(3, 10000, { baseSalaryCostIDs: [1, 1, 2, 2] })],
      1000000,
      30000,
    ],
    [
      'an employer base counts once',
      [cost(1, { amount: 200000, distributionType: 'employer' }), pct(2, 10000, { baseSalaryCostIDs: [1] })],
      1000000,
      20000,
    ],
    [
      'recursive: bases with bases',
      [
        cost(1, { amount: 100000, distributionType: 'both' }),
        pct(2, 50000, { baseSalaryCostIDs: [1], distributionType: 'employer' }),
        pct(3, 10000, { baseSalaryCostIDs: [2] }),
      ],
      1000000,
      10000,
    ],
    ['BigInt: beyond 2^53 exact, where floating point rounds up', [pct(1, 83065)], 31967165411615, 26553525949157],
    ['BigInt: the largest salary at 100 %', [pct(1, 100000)], 99999999999999, 99999999999999],
  ])('%s', (_name, costs, salaryAmount, expected) => {
    expect(amountOf(costs, costs[costs.length - 1]!.id, salaryAmount)).toBe(expected);
  });

  it.each<[string, SalaryCostAmountInput[], string]>([
    ['self-reference', [pct(1, 1000, { baseSalaryCostIDs: [1] })], 'self-reference'],
    ['a circle', [pct(1, 1000, { baseSalaryCostIDs: [2] }), pct(2, 1000, { baseSalaryCostIDs: [1] })], 'cycle'],
    ['an unknown base', [pct(1, 1000, { baseSalaryCostIDs: [7] })], 'unknown-base'],
  ])('throws a typed error on %s', (_name, costs, kind) => {
    let thrown: unknown;
    try {
      amountOf(costs, 1, 1000000);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(SalaryCostBaseError);
    expect((thrown as SalaryCostBaseError).kind).toBe(kind);
  });

  it('refuses amounts that are not whole minor units', () => {
    expect(() => amountOf([cost(1, { amount: 1.5 })], 1, 0)).toThrow(RangeError);
    expect(() => amountOf([pct(1, 1000)], 1, 100.5)).toThrow(RangeError);
  });
});

describe('baseCostErrors', () => {
  const pct = (id: number, baseSalaryCostIDs: number[]) =>
    cost(id, { amountType: 'percentage', amount: 1000, baseSalaryCostIDs });

  it('accepts a valid set', () => {
    expect(baseCostErrors([cost(1, { amount: 100 }), pct(2, [1]), pct(3, [1, 2]), pct(4, [])])).toEqual([]);
  });

  it('names self-references, circles, unknown bases and fixed costs with bases in German', () => {
    const errors = baseCostErrors([
      pct(1, [1]),
      pct(2, [3]),
      pct(3, [4]),
      pct(4, [2]),
      pct(5, [99]),
      cost(6, { baseSalaryCostIDs: [5] }),
      pct(7, [2]),
    ]);
    expect(errors.map((e) => [e.costId, e.kind])).toEqual([
      [1, 'self-reference'],
      [2, 'cycle'],
      [3, 'cycle'],
      [4, 'cycle'],
      [5, 'unknown-base'],
      [6, 'not-percentage'],
    ]);
    expect(errors[0]?.message).toBe('Lohnkosten können nicht auf sich selbst basieren');
    expect(errors[1]?.message).toContain('zirkuläre Abhängigkeit');
  });
});

describe('defaultHorizonEnd', () => {
  it.each([
    ['2026-03-15', '2029-03-31'],
    ['2026-12-01', '2029-12-31'],
    ['2028-02-29', '2031-02-28'],
    ['2025-02-10', '2028-02-29'],
  ])('%s -> %s', (today, expected) => {
    expect(defaultHorizonEnd(today)).toBe(expected);
  });
});

/** A monthly salary from 2025-01-01 without end and a monthly cost of 1000 per step, today 2026-03-15. */
function schedule(
  overrides: {
    salary?: Partial<CostScheduleInput['salary']>;
    cost?: Partial<CostScheduleInput['cost']>;
    today?: string;
    horizonEnd?: string;
    stepAmount?: number;
  } = {},
): CostDetail[] {
  const today = overrides.today ?? '2026-03-15';
  return costSchedule({
    salary: { fromDate: '2025-01-01', toDate: null, cycle: 'monthly', ...overrides.salary },
    cost: { cycle: 'monthly', relativeOffset: 1, targetDate: null, ...overrides.cost },
    stepAmount: overrides.stepAmount ?? 1000,
    today,
    horizonEnd: overrides.horizonEnd ?? defaultHorizonEnd(today),
  });
}

function d(month: string, amount: number, divider: number, isExtraMonth = false): CostDetail {
  return { month, amount, divider, isExtraMonth };
}

describe('costSchedule', () => {
  it('monthly, offset 1: catch-up next month, then every month to the horizon', () => {
    const details = schedule();
    expect(details.slice(0, 3)).toEqual([d('2026-04', 1000, 1, true), d('2026-05', 1000, 1), d('2026-06', 1000, 1)]);
    // The last payment pays the horizon's last month in arrears: 37 payments from April 2026.
    expect(details.at(-1)).toEqual(d('2029-04', 1000, 1));
    expect(details).toHaveLength(37);
  });

  it('monthly, offset 2: two steps per payment every second month', () => {
    expect(schedule({ cost: { relativeOffset: 2 }, horizonEnd: '2026-09-30' })).toEqual([
      d('2026-04', 2000, 2, true),
      d('2026-06', 2000, 2),
      d('2026-08', 2000, 2),
      d('2026-10', 2000, 2),
    ]);
  });

  it('monthly, offset 3, salary started recently and ending: partial first and last payments', () => {
    expect(schedule({ salary: { fromDate: '2026-02-01', toDate: '2026-08-20' }, cost: { relativeOffset: 3 } })).toEqual(
      [d('2026-04', 2000, 2, true), d('2026-07', 3000, 3), d('2026-10', 2000, 2)],
    );
  });

  it('quarterly, offset 1: one quarter step per payment', () => {
    const details = schedule({ cost: { cycle: 'quarterly' } });
    expect(details.slice(0, 3)).toEqual([d('2026-04', 1000, 1, true), d('2026-07', 1000, 1), d('2026-10', 1000, 1)]);
    expect(details.at(-1)).toEqual(d('2029-04', 1000, 1));
    expect(details).toHaveLength(13);
  });

  it('salary not started yet: anchored on its start; the first round pays nothing, so no payment is extra', () => {
    // i = 1 collects only the month before the start (skipped); docs/salary-costs.md "Payment
    // schedule" flags only i = 1 as extra.
    expect(schedule({ salary: { fromDate: '2026-05-01', toDate: '2026-07-31' } })).toEqual([
      d('2026-06', 1000, 1),
      d('2026-07', 1000, 1),
      d('2026-08', 1000, 1),
    ]);
  });

  it('salary ended: only arrears still due after today', () => {
    const ended = { fromDate: '2025-01-01', toDate: '2025-12-31' };
    expect(schedule({ salary: ended })).toEqual([]);
    expect(schedule({ salary: ended, cost: { relativeOffset: 3 } })).toEqual([
      d('2025-12', 3000, 3, true),
      d('2026-03', 1000, 1),
    ]);
  });

  it('month ends and a leap year: sticky-end steps', () => {
    expect(schedule({ salary: { fromDate: '2024-01-31' }, today: '2024-02-10', horizonEnd: '2024-06-30' })).toEqual([
      d('2024-02', 1000, 1, true),
      d('2024-03', 1000, 1),
      d('2024-04', 1000, 1),
      d('2024-05', 1000, 1),
      d('2024-06', 1000, 1),
      d('2024-07', 1000, 1),
    ]);
  });

  it('target date before today: advanced to the first one after today, the catch-up in this month', () => {
    expect(schedule({ cost: { targetDate: '2025-06-10' }, horizonEnd: '2026-05-31' })).toEqual([
      d('2026-03', 1000, 1, true),
      d('2026-04', 1000, 1),
      d('2026-05', 1000, 1),
      d('2026-06', 1000, 1),
    ]);
    expect(schedule({ cost: { cycle: 'quarterly', targetDate: '2025-02-15' }, horizonEnd: '2026-08-31' })).toEqual([
      d('2026-02', 1000, 1, true),
      d('2026-05', 1000, 1),
      d('2026-08', 1000, 1),
      d('2026-11', 1000, 1),
    ]);
  });

  it('target date before today that cannot advance past today within one offset: no schedule', () => {
    expect(schedule({ salary: { toDate: '2025-06-30' }, cost: { targetDate: '2025-03-01' } })).toEqual([]);
  });

  it('target date after today: X is the target, paid from one period before it', () => {
    expect(schedule({ cost: { targetDate: '2026-09-15' }, horizonEnd: '2026-10-31' })).toEqual([
      d('2026-08', 1000, 1, true),
      d('2026-09', 1000, 1),
      d('2026-10', 1000, 1),
      d('2026-11', 1000, 1),
    ]);
  });

  it.each<[string, Partial<CostScheduleInput['cost']>, Partial<CostScheduleInput['salary']>, CostDetail[]]>([
    ['in a later month', { targetDate: '2026-05-20' }, {}, [d('2026-05', 1000, 1)]],
    ['today', { targetDate: '2026-03-15' }, {}, [d('2026-03', 1000, 1)]],
    ['yesterday: gone', { targetDate: '2026-03-14' }, {}, []],
    ['offset 2 counts the month twice', { targetDate: '2026-05-20', relativeOffset: 2 }, {}, [d('2026-05', 2000, 2)]],
    ['before the salary starts', { targetDate: '2026-05-01' }, { fromDate: '2026-06-01' }, []],
    ['after the salary end month', { targetDate: '2026-05-20' }, { toDate: '2026-04-30' }, []],
    ['in the salary end month', { targetDate: '2026-04-30' }, { toDate: '2026-04-01' }, [d('2026-04', 1000, 1)]],
  ])('once: %s', (_name, costOverrides, salaryOverrides, expected) => {
    expect(schedule({ cost: { cycle: 'once', ...costOverrides }, salary: salaryOverrides })).toEqual(expected);
  });

  it('a large offset: the catch-up now, then one payment 60 years on covering the 37 horizon months', () => {
    expect(schedule({ cost: { relativeOffset: 720 }, today: '2026-03-01' })).toEqual([
      d('2026-03', 14000, 14, true),
      d('2086-03', 37000, 37),
    ]);
  });

  it('refuses bad input', () => {
    expect(() => schedule({ cost: { relativeOffset: 0 } })).toThrow(RangeError);
    expect(() => schedule({ cost: { cycle: 'once' } })).toThrow(RangeError);
    expect(() => schedule({ today: '2026-02-30' })).toThrow(RangeError);
  });
});

describe('calculatedCostFields', () => {
  const details = [d('2026-02', 2000, 2, true), d('2026-03', 1000, 1), d('2026-04', 1001, 2), d('2026-05', 1500, 1)];
  const none = {
    calculatedAmount: 0,
    calculatedNextExecutionDate: null,
    calculatedPreviousExecutionDate: null,
    calculatedNextCost: 0,
  };
  const fields = (next: CostDetail, previous: string | null) => ({
    calculatedAmount: Math.floor(next.amount / next.divider),
    calculatedNextExecutionDate: `${next.month}-01`,
    calculatedPreviousExecutionDate: previous,
    calculatedNextCost: next.amount,
  });

  it.each<[string, ReturnType<typeof fields> | typeof none, ReturnType<typeof fields> | typeof none]>([
    // today, skip-previous, include-previous
    ['2026-03-15', fields(details[1]!, null), fields(details[0]!, null)],
    ['2026-04-10', fields(details[2]!, '2026-03-01'), fields(details[1]!, '2026-02-01')],
    ['2026-05-31', fields(details[3]!, '2026-04-01'), fields(details[2]!, '2026-03-01')],
    ['2026-06-01', none, fields(details[3]!, '2026-04-01')],
    ['2026-01-01', fields(details[1]!, null), fields(details[0]!, null)],
  ])('today %s', (today, skip, include) => {
    expect(calculatedCostFields(details, today, 'skip-previous')).toEqual(skip);
    expect(calculatedCostFields(details, today, 'include-previous')).toEqual(include);
  });

  it('floors the per-step amount and ignores the input order', () => {
    expect(calculatedCostFields([...details].reverse(), '2026-04-10', 'skip-previous').calculatedAmount).toBe(500);
  });

  it('no details: nothing', () => {
    expect(calculatedCostFields([], '2026-03-15', 'skip-previous')).toEqual(none);
    expect(calculatedCostFields([], '2026-03-15', 'include-previous')).toEqual(none);
  });
});

describe('salaryDeductions and salaryNet', () => {
  const monthly = { cycle: 'monthly' as Cycle, isDisabled: false, isTermination: false };
  const c = (
    distributionType: 'employee' | 'employer' | 'both',
    calculatedAmount: number,
    cycle: ScheduleCycle = 'monthly',
  ) => ({
    distributionType,
    cycle,
    calculatedAmount,
  });

  it('the net effect of docs/salary-costs.md "Costs in the forecast": employee c, employer r, both b on a monthly gross G', () => {
    const G = 1000000;
    const [cAmount, r, b] = [50000, 30000, 20000];
    const { employeeDeductions, employerCosts } = salaryDeductions(monthly, [
      c('employee', cAmount),
      c('employer', r),
      c('both', b),
    ]);
    expect(employeeDeductions).toBe(cAmount + b);
    expect(employerCosts).toBe(r + b);
    const net = salaryNet(G, employeeDeductions);
    expect(net).toBe(G - cAmount - b);
    // Cost rows in the forecast: -c, -r, -2b; with the net salary the outflow is G + r + b.
    expect(net + cAmount + r + 2 * b).toBe(G + r + b);
  });

  it.each<[string, Cycle, ScheduleCycle, number, number]>([
    ['quarterly cost on a monthly salary', 'monthly', 'quarterly', 30000, 10000],
    ['yearly cost on a monthly salary, floored', 'monthly', 'yearly', 100001, 8333],
    ['biannual cost on a monthly salary', 'monthly', 'biannually', 6001, 1000],
    ['monthly cost on a quarterly salary', 'quarterly', 'monthly', 1000, 3000],
    ['biannual cost on a yearly salary', 'yearly', 'biannually', 1000, 2000],
    ['a one-off cost counts in full', 'yearly', 'once', 5000, 5000],
  ])('%s', (_name, salaryCycle, costCycle, amount, expected) => {
    const result = salaryDeductions({ ...monthly, cycle: salaryCycle }, [c('both', amount, costCycle)]);
    expect(result).toEqual({ employeeDeductions: expected, employerCosts: expected });
  });

  it('disabled and termination salaries have none', () => {
    const costs = [c('both', 1000)];
    expect(salaryDeductions({ ...monthly, isDisabled: true }, costs)).toEqual({
      employeeDeductions: 0,
      employerCosts: 0,
    });
    expect(salaryDeductions({ ...monthly, isTermination: true }, costs)).toEqual({
      employeeDeductions: 0,
      employerCosts: 0,
    });
    expect(salaryDeductions(monthly, [])).toEqual({ employeeDeductions: 0, employerCosts: 0 });
  });

  it('deductions larger than the amount: a negative net', () => {
    expect(salaryNet(100000, 150000)).toBe(-50000);
    expect(salaryNet(0, 0)).toBe(0);
  });
});

describe('costs end to end: amount, schedule, fields, deductions', () => {
  it('25 % quarterly of a 10000.00 monthly salary deducts 833.33 a month', () => {
    const c1 = cost(1, { amountType: 'percentage', amount: 25000, distributionType: 'employee' });
    const stepAmount = costStepAmount(c1, 1000000, new Map([[1, c1]]));
    const details = schedule({ cost: { cycle: 'quarterly' }, stepAmount });
    const fields = calculatedCostFields(details, '2026-03-15', 'skip-previous');
    expect(fields).toEqual({
      calculatedAmount: 250000,
      calculatedNextExecutionDate: '2026-07-01',
      calculatedPreviousExecutionDate: null,
      calculatedNextCost: 250000,
    });
    expect(
      salaryDeductions({ cycle: 'monthly', isDisabled: false, isTermination: false }, [
        { distributionType: 'employee', cycle: 'quarterly', calculatedAmount: fields.calculatedAmount },
      ]),
    ).toEqual({ employeeDeductions: 83333, employerCosts: 0 });
  });
});

describe('forecastHorizonEnd', () => {
  it.each([
    ['2026-11-23', '2031-10-31'],
    ['2026-01-31', '2030-12-31'],
    ['2028-02-29', '2033-01-31'],
  ])('today %s → the end of the 60th forecast month %s', (today, expected) => {
    expect(forecastHorizonEnd(today)).toBe(expected);
  });

  it('is never before the horizon the reference stores', () => {
    expect(forecastHorizonEnd('2026-11-23') > defaultHorizonEnd('2026-11-23')).toBe(true);
  });
});
