import { describe, expect, it } from 'vitest';
import type { ForecastDetails, ForecastLeafNode } from './schemas/forecasts.js';
import { forecastDetailColumnsSchema } from './schemas/forecasts.js';
import { detailColumnsOf, detailsOfColumns } from './forecast-columns.js';

const leaf = (
  name: string,
  relatedId: number,
  amount: number,
  more: Partial<ForecastLeafNode> = {},
): ForecastLeafNode => ({
  name,
  amount,
  relatedId,
  relatedTable: 'transactions',
  isExcluded: false,
  ...more,
});

const sum = (children: ForecastLeafNode[]) => children.reduce((total, child) => total + child.amount, 0);

// Three months: an employee paid by another salary after a raise, a row that starts in the middle
// of its category in the second month, an excluded cell, an overdue row, a VAT leaf with its parts
// and a note, a category that only the last month has, a category without its leaves.
const anna = (relatedId: number, amount: number, more: Partial<ForecastLeafNode> = {}) =>
  leaf('Anna Muster', relatedId, amount, { relatedTable: 'salaries', employeeId: 5, ...more });
const months: [string, { expense: [string, ForecastLeafNode[]][]; revenue: [string, ForecastLeafNode[]][] }][] = [
  [
    '2026-11',
    {
      revenue: [['Verkauf', [leaf('Abo', 1, 100_00), leaf('Zins', 3, 5_00)]]],
      expense: [
        ['Löhne', [anna(11, -5_000_00)]],
        ['Miete', [leaf('Büro', 7, -2_000_00), leaf('Büro', 7, -2_000_00, { overdueDate: '2026-10-01' })]],
      ],
    },
  ],
  [
    '2026-12',
    {
      revenue: [['Verkauf', [leaf('Abo', 1, 100_00), leaf('Beratung', 2, 900_00), leaf('Zins', 3, 5_00)]]],
      expense: [
        ['Löhne', [anna(12, -6_000_00, { thirteenthSalary: true })]],
        ['Miete', [leaf('Büro', 7, 0, { isExcluded: true, excludedAmount: -2_000_00 })]],
        [
          'MWST',
          [
            leaf('MWST-Abrechnung', 0, -1_234_00, {
              relatedTable: 'vat_settlement',
              outputTax: 2_000_00,
              inputTax: 766_00,
              warnings: ['Umsatzgrenze überschritten'],
            }),
          ],
        ],
      ],
    },
  ],
  ['2027-01', { revenue: [['Zinsen', []]], expense: [['Löhne', [anna(12, -6_000_00, { leverIds: [4] })]]] }],
];
const details: ForecastDetails = months.map(([month, sides]) => ({
  month,
  revenue: sides.revenue.map(([name, children]) => ({
    name,
    amount: name === 'Zinsen' ? 7_00 : sum(children),
    children,
  })),
  expense: sides.expense.map(([name, children]) => ({ name, amount: sum(children), children })),
}));

describe('detailColumnsOf / detailsOfColumns', () => {
  it('sends one object per leaf with its amounts side by side, and gives every month back as it was', () => {
    const columns = forecastDetailColumnsSchema.parse(JSON.parse(JSON.stringify(detailColumnsOf(details))));
    expect(columns.months).toEqual(['2026-11', '2026-12', '2027-01']);
    expect(columns.revenue.map((category) => [category.name, category.amounts])).toEqual([
      ['Verkauf', [105_00, 1_005_00, null]],
      ['Zinsen', [null, null, 7_00]],
    ]);
    // Beratung starts in December between Abo and Zins, and stays there.
    expect(columns.revenue[0]!.leaves.map((row) => [row.name, row.amounts])).toEqual([
      ['Abo', [100_00, 100_00, null]],
      ['Beratung', [null, 900_00, null]],
      ['Zins', [5_00, 5_00, null]],
    ]);
    const [salaries, rent] = columns.expense;
    // The employee's row names the first month's salary once; a month paid by another says so.
    expect(salaries!.leaves).toEqual([
      {
        name: 'Anna Muster',
        relatedTable: 'salaries',
        relatedId: 11,
        employeeId: 5,
        amounts: [-5_000_00, -6_000_00, -6_000_00],
        cells: { '1': { relatedId: 12, thirteenthSalary: true }, '2': { relatedId: 12, leverIds: [4] } },
      },
    ]);
    expect(rent!.leaves.map((row) => [row.overdueDate, row.amounts, row.cells])).toEqual([
      [undefined, [-2_000_00, 0, null], { '1': { isExcluded: true, excludedAmount: -2_000_00 } }],
      ['2026-10-01', [-2_000_00, null, null], undefined],
    ]);
    expect(detailsOfColumns(columns)).toEqual(details);
  });

  it('answers the big organisation in far fewer bytes than the tree', () => {
    const many: ForecastDetails = Array.from({ length: 60 }, (_, index) => {
      const children = Array.from({ length: 100 }, (_, id) => leaf(`Posten ${id}`, id + 1, -(index + id)));
      return { month: `20${27 + Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`, revenue: [], expense: [{ name: 'Miete', amount: sum(children), children }] }; // prettier-ignore
    });
    const columns = detailColumnsOf(many);
    expect(JSON.stringify(columns).length * 4).toBeLessThan(JSON.stringify(many).length);
    expect(detailsOfColumns(columns)).toEqual(many);
  });
});
