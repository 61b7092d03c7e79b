import { describe, expect, it } from 'vitest';
import { computeForecast } from './compute-forecast.js';
import { coverageOf, mergeRanges } from './coverage.js';
import { aSalary, aTransaction, anInput, leavesOf } from './test-builders.js';
import type { ForecastCoverage } from './types.js';

// docs/plan-actual.md "Coverage". Today of the builders is 2026-03-17; the data is made up here.

describe('mergeRanges', () => {
  it('joins overlapping and adjacent periods, keeps gaps, and sorts', () => {
    expect(
      mergeRanges([
        { from: '2026-03-01', to: '2026-03-31' },
        { from: '2026-01-01', to: '2026-01-31' },
        { from: '2026-02-01', to: '2026-02-10' },
        { from: '2026-02-05', to: '2026-02-20' },
        { from: '2026-05-01', to: '2026-05-02' },
      ]),
    ).toEqual([
      { from: '2026-01-01', to: '2026-02-20' },
      { from: '2026-03-01', to: '2026-03-31' },
      { from: '2026-05-01', to: '2026-05-02' },
    ]);
  });

  it('leaves out a period that ends before it starts', () => {
    expect(mergeRanges([{ from: '2026-02-02', to: '2026-02-01' }])).toEqual([]);
  });
});

describe('coverageOf', () => {
  const coverage: ForecastCoverage = {
    accounts: [
      { bankAccountId: 1, ranges: [{ from: '2025-10-01', to: '2026-03-16' }] },
      { bankAccountId: 2, ranges: [{ from: '2007-01-01', to: '2007-01-31' }] },
    ],
    salaryAccountId: 1,
  };
  const transactions = [
    { id: 10, bankAccountId: 1 },
    { id: 11, bankAccountId: 2 },
    { id: 12, bankAccountId: null },
    { id: 13, bankAccountId: 3 },
  ];
  const covered = coverageOf(coverage, transactions);

  it("covers an occurrence where its own account's statements cover its due date", () => {
    expect(covered.isCovered({ kind: 'transactions', id: 10, dueDate: '2026-01-05' })).toBe(true);
    expect(covered.isCovered({ kind: 'transactions', id: 10, dueDate: '2025-09-30' })).toBe(false);
    expect(covered.isCovered({ kind: 'transactions', id: 11, dueDate: '2007-01-05' })).toBe(true);
    expect(covered.isCovered({ kind: 'transactions', id: 11, dueDate: '2026-01-05' })).toBe(false);
  });

  it('covers an occurrence without an account only where every account with statements is covered', () => {
    expect(covered.isCovered({ kind: 'transactions', id: 12, dueDate: '2026-01-05' })).toBe(false);
    expect(covered.isCovered({ kind: 'vat_settlement', id: 0, dueDate: '2026-01-31' })).toBe(false);
    const one = coverageOf({ accounts: [coverage.accounts[0]!], salaryAccountId: null }, transactions);
    expect(one.isCovered({ kind: 'transactions', id: 12, dueDate: '2026-01-05' })).toBe(true);
    expect(one.isCovered({ kind: 'vat_settlement', id: 0, dueDate: '2026-01-31' })).toBe(true);
  });

  it('never covers an account without statements; salaries and costs belong to the salary account', () => {
    expect(covered.isCovered({ kind: 'transactions', id: 13, dueDate: '2026-01-05' })).toBe(false);
    expect(covered.isCovered({ kind: 'salaries', id: 5, dueDate: '2026-01-31' })).toBe(true);
    expect(covered.isCovered({ kind: 'salary_cost_labels', id: 0, dueDate: '2026-01-31' })).toBe(true);
    expect(covered.accountOf({ kind: 'salaries', id: 5 })).toBe(1);
  });

  it('answers whether a span is covered by every account, and covers nothing without statements', () => {
    const one = coverageOf({ accounts: [coverage.accounts[0]!], salaryAccountId: null }, []);
    expect(one.coversAll('2026-01-01', '2026-01-31')).toBe(true);
    expect(one.coversAll('2026-03-01', '2026-03-31')).toBe(false);
    expect(covered.coversAll('2026-01-01', '2026-01-31')).toBe(false);
    const none = coverageOf(null, []);
    expect(none.any).toBe(false);
    expect(none.isCovered({ kind: 'transactions', id: 12, dueDate: '2026-01-05' })).toBe(false);
  });
});

describe('overdue occurrences follow coverage per account', () => {
  // Rent from account 1 (statements since Feb 2026), insurance from account 2 (one statement of 2007).
  const rent = aTransaction({ id: 1, name: 'Miete', startDate: '2024-01-05', amount: -100_000, bankAccountId: 1 });
  const insurance = aTransaction({
    id: 2,
    name: 'Versicherung',
    startDate: '2024-01-20',
    amount: -20_000,
    bankAccountId: 2,
  });
  const phone = aTransaction({ id: 3, name: 'Telefon', startDate: '2024-01-25', amount: -5_000 });
  const coverage: ForecastCoverage = {
    accounts: [
      { bankAccountId: 1, ranges: [{ from: '2026-02-01', to: '2026-03-16' }] },
      { bankAccountId: 2, ranges: [{ from: '2007-01-01', to: '2007-12-31' }] },
    ],
    salaryAccountId: null,
  };

  it('an old statement of one account makes nothing overdue that its statements do not cover', () => {
    const result = computeForecast(anInput({ transactions: [rent, insurance, phone], coverage }));
    const overdue = leavesOf(result).filter((leaf) => leaf.overdueDate !== undefined);
    expect(overdue.map((leaf) => [leaf.relatedId, leaf.overdueDate])).toEqual([
      [1, '2026-02-05'],
      [1, '2026-03-05'],
    ]);
  });

  it('an occurrence without an account is overdue only where every account with statements covers it', () => {
    const both: ForecastCoverage = {
      accounts: [coverage.accounts[0]!, { bankAccountId: 2, ranges: [{ from: '2026-03-01', to: '2026-03-16' }] }],
      salaryAccountId: null,
    };
    const result = computeForecast(anInput({ transactions: [phone], coverage: both }));
    expect(
      leavesOf(result)
        .filter((leaf) => leaf.overdueDate)
        .map((leaf) => leaf.overdueDate),
    ).toEqual([]);
    const later = aTransaction({ ...phone, startDate: '2024-01-10' });
    const result2 = computeForecast(anInput({ transactions: [later], coverage: both }));
    expect(
      leavesOf(result2)
        .filter((leaf) => leaf.overdueDate)
        .map((leaf) => leaf.overdueDate),
    ).toEqual(['2026-03-10']);
  });

  it('salaries are overdue where the salary account is covered', () => {
    const salary = aSalary({ id: 5, employeeId: 8, fromDate: '2025-01-01', toDate: '2026-02-28' });
    const onSalaryAccount = computeForecast(
      anInput({ salaries: [salary], coverage: { ...coverage, salaryAccountId: 1 } }),
    );
    // Due on its pay day, the day of its start (docs/plan-actual.md "Planned occurrences").
    expect(
      leavesOf(onSalaryAccount)
        .filter((leaf) => leaf.overdueDate)
        .map((leaf) => leaf.overdueDate),
    ).toEqual(['2026-02-01']);
    const onOldAccount = computeForecast(
      anInput({ salaries: [salary], coverage: { ...coverage, salaryAccountId: 2 } }),
    );
    expect(leavesOf(onOldAccount).filter((leaf) => leaf.overdueDate)).toEqual([]);
  });
});

describe('an account with statements, none in the days asked about', () => {
  it('still counts for occurrences without an account', () => {
    const coverage = coverageOf(
      {
        accounts: [
          { bankAccountId: 1, ranges: [{ from: '2026-01-01', to: '2026-03-16' }] },
          { bankAccountId: 2, ranges: [] },
        ],
        salaryAccountId: null,
      },
      [],
    );
    expect(coverage.any).toBe(true);
    expect(coverage.firstDay).toBe('2026-01-01');
    expect(coverage.isCovered({ kind: 'vat_settlement', id: 0, dueDate: '2026-01-31' })).toBe(false);
  });
});

describe('touchedByAll', () => {
  it('asks every account with statements for at least one covered day of the span', () => {
    const coverage = coverageOf(
      {
        accounts: [
          { bankAccountId: 1, ranges: [{ from: '2026-01-20', to: '2026-02-05' }] },
          { bankAccountId: 2, ranges: [{ from: '2026-02-03', to: '2026-02-28' }] },
        ],
        salaryAccountId: null,
      },
      [],
    );
    expect(coverage.touchedByAll('2026-02-01', '2026-02-28')).toBe(true);
    expect(coverage.touchedByAll('2026-01-01', '2026-01-31')).toBe(false);
    expect(coverageOf(null, []).touchedByAll('2026-01-01', '2026-01-31')).toBe(false);
  });
});
