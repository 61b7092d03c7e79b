import type { SortOrder } from '@saldopilot/shared';

/** The sort of a list: one of its sortable fields and the order (name ascending by default: docs/product.md "Entities"). */
export interface ListSort<Sort extends string = string> {
  field: Sort;
  order: SortOrder;
}

/**
 * The sort after a click on a column header (docs/web.md "Lists"): the active column flips its order,
 * another column sorts ascending.
 */
export function sortAfterClick<Sort extends string>(current: ListSort<Sort>, field: Sort): ListSort<Sort> {
  if (current.field !== field) return { field, order: 'ASC' };
  return { field, order: current.order === 'ASC' ? 'DESC' : 'ASC' };
}

/** The `aria-sort` of a sortable column header: how the list is sorted by it, or "none". */
export function ariaSortOf(current: ListSort, field: string): 'ascending' | 'descending' | 'none' {
  if (current.field !== field) return 'none';
  return current.order === 'ASC' ? 'ascending' : 'descending';
}

/** "1 Eintrag", "20 Einträge". */
export function entriesLabel(count: number): string {
  return `${count} ${count === 1 ? 'Eintrag' : 'Einträge'}`;
}
