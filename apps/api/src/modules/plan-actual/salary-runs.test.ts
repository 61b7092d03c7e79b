import { describe, expect, it } from 'vitest';
import type { PlannedOccurrence } from '@saldopilot/shared';
import { sharesOf, withShares } from './entry-shares.js';
import { MOST_RUNS, salaryRunSuggestions } from './salary-runs.js';
import type { EntryToMatch } from './match-ranking.js';

// docs/plan-actual.md "Suggestions" (salary runs) and "Matching" (shares). Synthetic occurrences
// written here: three salaries of a joinery paid on the 25th, their costs, a rent.

const settings = { tolerancePercent: 5, windowDays: 10 };
const entry = (overrides: Partial<EntryToMatch> = {}): EntryToMatch => ({
  bookingDate: '2026-10-25',
  amount: -2_140_000,
  reference: null,
  counterpartyName: null,
  remittanceInformation: 'Lohnzahlungen Oktober',
  ...overrides,
});
const salary = (id: number, amount: number, dueDate = '2026-10-25'): PlannedOccurrence => ({
  kind: 'salaries',
  id,
  dueDate,
  name: `Lohn ${id}`,
  category: 'Löhne',
  amount,
});
const cost = (id: number, amount: number, dueDate = '2026-10-25'): PlannedOccurrence => ({
  kind: 'salary_cost_labels',
  id,
  dueDate,
  name: `Lohnkosten ${id}`,
  category: 'Sozialversicherungen',
  amount,
});
const three = [salary(1, -600_000), salary(2, -700_000), salary(3, -840_000)];
const sources = (payroll: PlannedOccurrence[], matched = new Map<string, number>(), dismissed = new Set<string>()) => ({
  payroll,
  matched,
  dismissed,
});

describe('salaryRunSuggestions', () => {
  it('proposes the three salaries of the month when the entry equals their sum: "Lohnlauf: 3 Löhne"', () => {
    const [run, ...others] = salaryRunSuggestions(entry(), sources(three), settings);
    expect(others).toEqual([]);
    expect(run).toEqual({
      score: 90,
      reasons: ['Lohnlauf: 3 Löhne', 'Summe gleich', 'am Fälligkeitstag'],
      amount: -2_140_000,
      occurrences: three,
    });
  });

  it('takes the salary costs due the same day along when that is what the entry paid, never costs of another day', () => {
    const payroll = [...three, cost(1, -100_000), cost(2, -50_000, '2026-10-31')];
    const runs = salaryRunSuggestions(entry({ amount: -2_240_000 }), sources(payroll), settings);
    expect(runs[0]).toMatchObject({
      score: 90,
      reasons: ['Lohnlauf: 3 Löhne', '1 Lohnkosten am selben Tag', 'Summe gleich', 'am Fälligkeitstag'],
      amount: -2_240_000,
    });
    expect(runs[0]!.occurrences.map((o) => `${o.kind}:${o.id}`)).toEqual([
      'salaries:1',
      'salaries:2',
      'salaries:3',
      'salary_cost_labels:1',
    ]);
    // The salaries alone are 4.5 % off: proposed too, but below the exact run.
    expect(runs[1]).toMatchObject({ amount: -2_140_000, reasons: expect.arrayContaining(['Summe 4.7 % höher']) });
    expect(runs[1]!.score).toBeLessThan(70);
  });

  it('groups by month and by pay day, not by the month end: salaries paid on different days of a month are one run too', () => {
    const payroll = [
      salary(1, -600_000, '2026-10-20'),
      salary(2, -700_000, '2026-10-25'),
      salary(3, -840_000, '2026-10-25'),
    ];
    const runs = salaryRunSuggestions(entry(), sources(payroll), settings);
    expect(runs).toHaveLength(1);
    expect(runs[0]!.occurrences).toHaveLength(3);
    // The pay day of the 25th alone: 1'540.00, far from 21'400.00.
    const day = salaryRunSuggestions(entry({ amount: -1_540_000 }), sources(payroll), settings);
    expect(day[0]).toMatchObject({
      amount: -1_540_000,
      reasons: ['Lohnlauf: 2 Löhne', 'Summe gleich', 'am Fälligkeitstag'],
    });
  });

  it('proposes nothing for a credit, a sum beyond the tolerance, a salary alone, or outside the window', () => {
    expect(salaryRunSuggestions(entry({ amount: 2_140_000 }), sources(three), settings)).toEqual([]);
    expect(salaryRunSuggestions(entry({ amount: -2_300_000 }), sources(three), settings)).toEqual([]);
    expect(salaryRunSuggestions(entry({ amount: -600_000 }), sources([three[0]!]), settings)).toEqual([]);
    expect(salaryRunSuggestions(entry({ bookingDate: '2026-11-10' }), sources(three), settings)).toEqual([]);
  });

  it('leaves out salaries matched already or marked "entfällt"', () => {
    const matched = new Map([['salaries:1:2026-10-25', -600_000]]);
    const runs = salaryRunSuggestions(entry({ amount: -1_540_000 }), sources(three, matched), settings);
    expect(runs[0]!.occurrences.map((o) => o.id)).toEqual([2, 3]);
    const dismissed = new Set(['salaries:3:2026-10-25']);
    expect(salaryRunSuggestions(entry(), sources(three, new Map(), dismissed), settings)).toEqual([]);
  });

  it('ranks an exact run above a near one, the nearer pay day first, at most a few', () => {
    const payroll = [
      salary(1, -600_000, '2026-10-25'),
      salary(2, -700_000, '2026-10-25'),
      salary(3, -600_000, '2026-10-28'),
      salary(4, -700_000, '2026-10-28'),
    ];
    const runs = salaryRunSuggestions(
      entry({ amount: -1_300_000, bookingDate: '2026-10-27' }),
      sources(payroll),
      settings,
    );
    expect(runs.map((run) => run.occurrences[0]!.dueDate)).toEqual(['2026-10-28', '2026-10-25']);
    expect(runs.length).toBeLessThanOrEqual(MOST_RUNS);
  });
});

describe('shares of an entry', () => {
  it('one occurrence takes the whole entry; several their planned amounts, the largest the difference', () => {
    expect(sharesOf(-2_140_050, [-200_000])).toEqual([-2_140_050]);
    expect(sharesOf(-2_140_050, [-600_000, -840_000, -700_000])).toEqual([-600_000, -840_050, -700_000]);
    // Equal sizes: the last of them.
    expect(sharesOf(-1_000_001, [-500_000, -500_000])).toEqual([-500_000, -500_001]);
  });

  it('adds up to the entry per entry, whatever the order of the rows', () => {
    const rows = [
      { entryId: 2, kind: 'salaries', id: 3, dueDate: '2026-10-25', plannedAmount: -840_000, amount: -2_140_001 },
      { entryId: 1, kind: 'transactions', id: 9, dueDate: '2026-10-05', plannedAmount: -200_000, amount: -150_000 },
      { entryId: 2, kind: 'salaries', id: 1, dueDate: '2026-10-25', plannedAmount: -600_000, amount: -2_140_001 },
      { entryId: 2, kind: 'salaries', id: 2, dueDate: '2026-10-25', plannedAmount: -700_000, amount: -2_140_001 },
    ];
    expect(withShares(rows, (row) => row.amount).map((row) => row.share)).toEqual([
      -840_001, -150_000, -600_000, -700_000,
    ]);
  });
});
