import { describe, expect, it } from 'vitest';
import { thirteenthSalaryPayments, type ThirteenthSalaryRow } from './thirteenth-salary.js';
import { formatNetAdjustments, parseNetAdjustments } from './salary-figures.js';

// The 13th salary of one employee's salaries; amounts in Rappen, worked out beside each case.
function row(overrides: Partial<ThirteenthSalaryRow>): ThirteenthSalaryRow {
  return {
    id: 1,
    amount: 600_000,
    cycle: 'monthly',
    fromDate: '2026-01-01',
    toDate: null,
    isDisabled: false,
    isTermination: false,
    hasThirteenthSalary: true,
    thirteenthSalaryMonth: 12,
    ...overrides,
  };
}

describe('thirteenthSalaryPayments', () => {
  it('pays a whole year with the December salary, also for months before the first asked', () => {
    expect(thirteenthSalaryPayments([row({})], '2026-11', '2027-12')).toEqual([
      { salaryId: 1, month: '2026-12', amount: 600_000 },
      { salaryId: 1, month: '2027-12', amount: 600_000 },
    ]);
  });

  it('pays twelfths in the year the salary starts, in November when chosen', () => {
    // April to December: 9 × 6'000.00 / 12 = 4'500.00; Rappen are floored once: 7 × 1'000.01 / 12 = 583.33.
    expect(
      thirteenthSalaryPayments([row({ fromDate: '2026-04-15', thirteenthSalaryMonth: 11 })], '2026-01', '2026-12'),
    ).toEqual([{ salaryId: 1, month: '2026-11', amount: 450_000 }]);
    expect(thirteenthSalaryPayments([row({ fromDate: '2026-06-01', amount: 100_001 })], '2026-01', '2026-12')).toEqual([
      { salaryId: 1, month: '2026-12', amount: 58_333 },
    ]);
  });

  it('after a raise pays both shares with the later salary; on leaving with the last salary', () => {
    const before = row({ id: 1, amount: 500_000, toDate: '2026-06-01' });
    const after = row({ id: 2, fromDate: '2026-07-01' });
    // (6 × 5'000.00 + 6 × 6'000.00) / 12 = 5'500.00 in December, by the later salary.
    expect(thirteenthSalaryPayments([before, after], '2026-01', '2026-12')).toEqual([
      { salaryId: 2, month: '2026-12', amount: 550_000 },
    ]);
    const leaving = row({ id: 1, toDate: '2026-06-30' });
    const termination = row({ id: 3, fromDate: '2026-07-01', isTermination: true, amount: 0 });
    // January to June: 6 × 6'000.00 / 12 = 3'000.00 with the June salary.
    expect(thirteenthSalaryPayments([leaving, termination], '2026-01', '2026-12')).toEqual([
      { salaryId: 1, month: '2026-06', amount: 300_000 },
    ]);
  });

  it('counts no payment after the end date within its month, and nothing for salaries without a 13th', () => {
    // Paid on the 25th, ended on 10 March: January and February only → 2 × 6'000.00 / 12 = 1'000.00 in February.
    expect(
      thirteenthSalaryPayments([row({ fromDate: '2026-01-25', toDate: '2026-03-10' })], '2026-01', '2026-12'),
    ).toEqual([{ salaryId: 1, month: '2026-02', amount: 100_000 }]);
    expect(thirteenthSalaryPayments([row({ hasThirteenthSalary: false })], '2026-01', '2026-12')).toEqual([]);
    expect(thirteenthSalaryPayments([row({ isDisabled: true })], '2026-01', '2026-12')).toEqual([]);
  });
});

describe('stored net adjustments', () => {
  it('keeps the 13th-salary mark through the stored form', () => {
    const adjustments = [
      { month: '2026-12', amount: 568_200, thirteenthSalary: true as const },
      { month: '2027-01', amount: -5_693 },
    ];
    expect(formatNetAdjustments(adjustments)).toBe('2026-12:568200:13;2027-01:-5693');
    expect(parseNetAdjustments(formatNetAdjustments(adjustments))).toEqual(adjustments);
    expect(parseNetAdjustments('')).toEqual([]);
  });
});
