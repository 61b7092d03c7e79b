/**
 * The rows of the Prognose table (docs/web.md "Prognose", docs/forecast.md "Rows in the table"):
 * one model for the web app's table and the server's exports, so a file shows exactly the rows
 * the screen does.
 */
import { formatDate } from './calendar.js';
import type { ForecastLeafNode } from './schemas/forecasts.js';

/**
 * The row a leaf belongs to across the months: an employee's salaries are one row
 * (`employees:<employeeId>`, also across a raise or a rehire), every other leaf is its item's row
 * (`<relatedTable>:<relatedId>`). A cell's exclusion still names the leaf's own relatedId — for an
 * employee that month's salary (docs/forecast.md). An overdue occurrence is a row of its own
 * (`…:overdue:<date>`, docs/plan-actual.md "The forecast counts nothing twice"), beside its item's regular row.
 */
export function leafRowKey(
  leaf: Pick<ForecastLeafNode, 'relatedTable' | 'relatedId' | 'employeeId' | 'overdueDate'>,
): string {
  const key = leaf.employeeId === undefined ? `${leaf.relatedTable}:${leaf.relatedId}` : `employees:${leaf.employeeId}`;
  return leaf.overdueDate === undefined ? key : `${key}:overdue:${leaf.overdueDate}`;
}

type RowLeaf = Pick<ForecastLeafNode, 'name' | 'relatedTable' | 'relatedId' | 'employeeId' | 'overdueDate'>;

/** The months of the details tree, as the API answers them or as a page shows them with drafts. */
export interface RowSourceMonth<Leaf extends RowLeaf> {
  month: string;
  revenue: readonly { name: string; amount: number; children: readonly Leaf[] }[];
  expense: readonly { name: string; amount: number; children: readonly Leaf[] }[];
}

/**
 * The label of an overdue occurrence's row in the files (docs/reports.md "What is exported"): its name,
 * the marker and its due date, "Leasing (überfällig seit 15.09.2026)", so nine overdue rates of one
 * item are nine different rows.
 */
export function overdueRowLabel(name: string, overdueDate: string): string {
  return `${name} (überfällig seit ${formatDate(overdueDate)})`;
}

/** One item's row (an employee's salaries are one): its leaf per month, where it has one. */
export interface LeafRow<Leaf extends RowLeaf> {
  key: string;
  name: string;
  /** An overdue occurrence's row (docs/plan-actual.md "The forecast counts nothing twice"): its due date. */
  overdueDate?: string;
  cells: Map<string, Leaf>;
}

/** A category's row: its amount per month and its leaves' rows. */
export interface CategoryRow<Leaf extends RowLeaf> {
  name: string;
  cells: Map<string, number>;
  leaves: LeafRow<Leaf>[];
}

// Built on first use: creating a collator loads the locale's collation data (~40 ms on the 2-core
// machine), which the Prognose page with collapsed rows never needs.
let collator: Intl.Collator | undefined;
function compareNames(a: string, b: string): number {
  collator ??= new Intl.Collator('de-CH');
  return collator.compare(a, b);
}

/**
 * The detail rows of one side (Einnahmen or Ausgaben) across all months: the union of the category
 * names of every month, each with its leaves (one per item; one per employee for the salaries,
 * `leafRowKey`), in German collation. Cells are looked up per month; a month without the row shows 0.
 */
export function detailRows<Leaf extends RowLeaf>(
  details: readonly RowSourceMonth<Leaf>[],
  side: 'revenue' | 'expense',
): CategoryRow<Leaf>[] {
  const categories = new Map<string, { cells: Map<string, number>; leaves: Map<string, LeafRow<Leaf>> }>();
  for (const month of details) {
    for (const category of month[side]) {
      let row = categories.get(category.name);
      if (!row) {
        row = { cells: new Map(), leaves: new Map() };
        categories.set(category.name, row);
      }
      row.cells.set(month.month, category.amount);
      for (const leaf of category.children) {
        const key = leafRowKey(leaf);
        let leafRow = row.leaves.get(key);
        if (!leafRow) {
          leafRow = { key, name: leaf.name, cells: new Map() };
          if (leaf.overdueDate !== undefined) leafRow.overdueDate = leaf.overdueDate;
          row.leaves.set(key, leafRow);
        }
        leafRow.cells.set(month.month, leaf);
      }
    }
  }
  return [...categories.entries()]
    .map(([name, row]) => ({
      name,
      cells: row.cells,
      leaves: [...row.leaves.values()].sort((a, b) => compareNames(a.name, b.name) || (a.key < b.key ? -1 : 1)),
    }))
    .sort((a, b) => compareNames(a.name, b.name));
}
