import { describe, expect, it } from 'vitest';
import { computeForecast, overdueOccurrences, plannedOccurrences } from './compute-forecast.js';
import { aCost, aSalary, aTransaction, anInput, coveredFrom, details, leavesOf } from './test-builders.js';

// docs/plan-actual.md "Planned occurrences", "The forecast counts nothing twice", "Overdue".
// Today of the builders is 2026-03-17.

describe('plannedOccurrences', () => {
  it('names each cell by (kind, id, due date): a transaction and a salary by their day, costs by the month end', () => {
    const input = anInput({
      transactions: [aTransaction({ id: 7, startDate: '2026-01-31', amount: -100_000 })],
      salaries: [
        aSalary({ id: 3, employeeId: 9, costs: [aCost({ labelId: 2, details: details('2026-01', 6, 5_000) })] }),
      ],
    });
    const found = plannedOccurrences(input, '2026-02-01', '2026-02-28');
    expect(found).toEqual(
      expect.arrayContaining([
        { kind: 'transactions', id: 7, dueDate: '2026-02-28', name: 'Miete', category: 'Miete', amount: -100_000 },
        expect.objectContaining({ kind: 'salaries', id: 3, employeeId: 9, dueDate: '2026-02-25', amount: -800_000 }),
        expect.objectContaining({ kind: 'salary_cost_labels', id: 2, dueDate: '2026-02-28', amount: -5_000 }),
      ]),
    );
    expect(found).toHaveLength(3);
  });

  it('keeps to the dates asked for and leaves excluded cells out (they were not planned)', () => {
    const input = anInput({
      transactions: [aTransaction({ id: 1, startDate: '2026-01-10' })],
      exclusions: [{ relatedTable: 'transactions', relatedId: 1, month: '2026-02' }],
    });
    expect(plannedOccurrences(input, '2026-01-11', '2026-03-09').map((o) => o.dueDate)).toEqual([]);
    expect(plannedOccurrences(input, '2026-01-10', '2026-03-10').map((o) => o.dueDate)).toEqual([
      '2026-01-10',
      '2026-03-10',
    ]);
  });
});

describe('closed occurrences', () => {
  const rent = aTransaction({ id: 1, startDate: '2026-01-20', amount: -100_000 });

  it('leave the forecast: a payment made early is in the balance, not in its month', () => {
    const open = computeForecast(anInput({ transactions: [rent] }));
    const closed = computeForecast(
      anInput({ transactions: [rent], closedOccurrences: [{ kind: 'transactions', id: 1, dueDate: '2026-04-20' }] }),
    );
    expect(closed.months[1]?.expense).toBe(0);
    expect(open.months[1]?.expense).toBe(-100_000);
    expect(closed.months[2]?.expense).toBe(-100_000);
    expect(leavesOf(closed).filter((leaf) => leaf.month === '2026-04')).toEqual([]);
  });

  it('a key whose date is not the occurrence (the item moved) closes nothing', () => {
    const result = computeForecast(
      anInput({ transactions: [rent], closedOccurrences: [{ kind: 'transactions', id: 1, dueDate: '2026-04-21' }] }),
    );
    expect(result.months[1]?.expense).toBe(-100_000);
  });

  it('a salary is closed by the salary that pays in the month, on its pay day', () => {
    const salary = aSalary({ id: 4, employeeId: 2 });
    const result = computeForecast(
      anInput({
        salaries: [salary],
        closedOccurrences: [
          { kind: 'salaries', id: 4, dueDate: '2026-03-25' },
          { kind: 'salaries', id: 4, dueDate: '2026-04-15' },
        ],
      }),
    );
    expect(result.months.slice(0, 3).map((month) => month.expense)).toEqual([0, -800_000, -800_000]);
  });
});

describe('overdue occurrences', () => {
  const rent = aTransaction({ id: 1, startDate: '2026-01-05', amount: -100_000 });

  it('count in the current month as leaves of their own, with their due date, from the first covered day on', () => {
    const result = computeForecast(anInput({ transactions: [rent], coverage: coveredFrom('2026-02-01') }));
    const march = leavesOf(result).filter((leaf) => leaf.month === '2026-03');
    expect(march).toEqual([
      expect.objectContaining({ relatedId: 1, overdueDate: '2026-02-05', amount: -100_000 }),
      expect.objectContaining({ relatedId: 1, overdueDate: '2026-03-05', amount: -100_000 }),
    ]);
    expect(result.months[0]?.expense).toBe(-200_000);
    expect(result.months[1]?.expense).toBe(-100_000);
  });

  it('leave once closed (matched into the balance or "entfällt"); nothing is overdue without coverage', () => {
    const closed = computeForecast(
      anInput({
        transactions: [rent],
        coverage: coveredFrom('2026-02-01'),
        closedOccurrences: [
          { kind: 'transactions', id: 1, dueDate: '2026-02-05' },
          { kind: 'transactions', id: 1, dueDate: '2026-03-05' },
        ],
      }),
    );
    expect(closed.months[0]?.expense).toBe(0);
    expect(computeForecast(anInput({ transactions: [rent] })).months[0]?.expense).toBe(0);
  });

  it('are listed by overdueOccurrences exactly as the forecast counts them (what "Entfällt" for many works on)', () => {
    const input = anInput({
      transactions: [rent],
      coverage: coveredFrom('2026-02-01'),
      closedOccurrences: [{ kind: 'transactions', id: 1, dueDate: '2026-03-05' }],
    });
    expect(overdueOccurrences(input)).toEqual([
      expect.objectContaining({ kind: 'transactions', id: 1, dueDate: '2026-02-05', amount: -100_000 }),
    ]);
    const counted = leavesOf(computeForecast(input)).filter((leaf) => leaf.overdueDate !== undefined);
    expect(counted.map((leaf) => leaf.overdueDate)).toEqual(['2026-02-05']);
    expect(overdueOccurrences(anInput({ transactions: [rent] }))).toEqual([]);
  });

  it('revenue gets the performance; an overdue salary names its employee; a missing category is made', () => {
    const result = computeForecast(
      anInput({
        performance: 50,
        coverage: coveredFrom('2026-02-01'),
        transactions: [
          aTransaction({
            id: 2,
            name: 'Kunde',
            categoryName: 'Projekte',
            amount: 100_001,
            type: 'single',
            cycle: null,
            startDate: '2026-02-10',
          }),
        ],
        salaries: [aSalary({ id: 5, employeeId: 8, fromDate: '2026-01-25', toDate: '2026-02-28' })],
      }),
    );
    const march = result.details[0];
    expect(march?.revenue).toEqual([
      {
        name: 'Projekte',
        amount: 50_001,
        children: [expect.objectContaining({ amount: 50_001, overdueDate: '2026-02-10' })],
      },
    ]);
    expect(march?.expense[0]?.children).toEqual([
      expect.objectContaining({ relatedTable: 'salaries', relatedId: 5, employeeId: 8, overdueDate: '2026-02-25' }),
    ]);
  });
});
