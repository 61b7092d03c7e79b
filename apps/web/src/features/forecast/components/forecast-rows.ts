import { leafRowKey, type ShownCategory, type ShownDetailsMonth, type ShownLeaf } from '../forecast-drafts';

/**
 * The detail rows of one side (Einnahmen or Ausgaben) across all months: the union of the category
 * names of every month, each with its leaves (one per item, docs/forecast.md; one per employee for the
 * salaries, `leafRowKey`), in German collation. Cells are looked up per month; a month without the
 * row shows 0.
 */
export interface LeafRow {
  key: string;
  name: string;
  cells: Map<string, ShownLeaf>;
}

export interface CategoryRow {
  name: string;
  cells: Map<string, number>;
  leaves: LeafRow[];
}

// Built on first use: creating a collator loads the locale's collation data (~40 ms on the 2-core
// machine), which the Prognose page with collapsed rows never needs.
let collator: Intl.Collator | undefined;
function compareNames(a: string, b: string): number {
  collator ??= new Intl.Collator('de-CH');
  return collator.compare(a, b);
}

export function detailRows(details: ShownDetailsMonth[], side: 'revenue' | 'expense'): CategoryRow[] {
  const categories = new Map<string, { cells: Map<string, number>; leaves: Map<string, LeafRow> }>();
  for (const month of details) {
    for (const category of month[side] as ShownCategory[]) {
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

/** The key of a category in the remembered list of expanded categories (docs/product.md "Remembered preferences": child details). */
export function childDetailsKey(side: 'revenue' | 'expense', category: string): string {
  return `${side}:${category}`;
}
