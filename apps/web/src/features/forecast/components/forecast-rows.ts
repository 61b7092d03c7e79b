import type { CategoryRow as SharedCategoryRow, LeafRow as SharedLeafRow } from '@saldopilot/shared';
import type { ShownLeaf } from '../forecast-drafts';

/** The table's rows (shared `detailRows`, the model the exports use too) with the leaves as shown. */
export type CategoryRow = SharedCategoryRow<ShownLeaf>;
export type LeafRow = SharedLeafRow<ShownLeaf>;

/** The key of a category in the remembered list of expanded categories (docs/product.md "Remembered preferences": child details). */
export function childDetailsKey(side: 'revenue' | 'expense', category: string): string {
  return `${side}:${category}`;
}

/** The due date of an überfällig row (docs/plan-actual.md): its leaves all carry it; undefined for a regular row. */
export function overdueDateOf(row: LeafRow): string | undefined {
  for (const leaf of row.cells.values()) return leaf.overdueDate;
  return undefined;
}
