import { describe, expect, it } from 'vitest';
import type { ForecastLeafNode } from './schemas/forecasts.js';
import { detailRows } from './forecast-rows.js';

const salary = (relatedId: number, employeeId: number, name: string, amount: number): ForecastLeafNode => ({
  name,
  amount,
  relatedId,
  relatedTable: 'salaries',
  isExcluded: false,
  employeeId,
});

describe('detailRows', () => {
  it('shows one row per employee across a raise and a rehire; each cell keeps its month’s salary', () => {
    const month = (key: string, children: ForecastLeafNode[]) => ({
      month: key,
      revenue: [],
      expense: [{ name: 'Löhne', amount: children.reduce((sum, leaf) => sum + leaf.amount, 0), children }],
    });
    const rows = detailRows(
      [
        month('2026-11', [salary(11, 5, 'Anna Muster', -5_000_00), salary(20, 6, 'Beat Beispiel', -3_000_00)]),
        month('2026-12', [salary(12, 5, 'Anna Muster', -6_000_00), salary(20, 6, 'Beat Beispiel', -3_000_00)]),
        month('2027-01', [salary(20, 6, 'Beat Beispiel', -3_000_00)]),
        month('2027-02', [salary(14, 5, 'Anna Muster', -4_000_00), salary(20, 6, 'Beat Beispiel', -3_000_00)]),
      ],
      'expense',
    );
    expect(rows).toHaveLength(1);
    const leaves = rows[0]!.leaves;
    expect(leaves.map((leaf) => [leaf.key, leaf.name])).toEqual([
      ['employees:5', 'Anna Muster'],
      ['employees:6', 'Beat Beispiel'],
    ]);
    expect([...leaves[0]!.cells].map(([key, leaf]) => [key, leaf.relatedId, leaf.amount])).toEqual([
      ['2026-11', 11, -5_000_00],
      ['2026-12', 12, -6_000_00],
      ['2027-02', 14, -4_000_00],
    ]);
  });
});
