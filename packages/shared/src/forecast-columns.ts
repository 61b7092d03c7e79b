/**
 * The details on the wire in columns (docs/forecast.md "Details on the wire"): one object per leaf
 * with its amounts side by side, made from the tree per month and made back into it. The tree is
 * what the server's readers and the web's drafts work on; the columns are what travels.
 */
import { leafRowKey } from './forecast-rows.js';
import type {
  ForecastCategoryColumn,
  ForecastCategoryNode,
  ForecastDetailColumns,
  ForecastDetails,
  ForecastLeafCell,
  ForecastLeafColumn,
  ForecastLeafNode,
} from './schemas/forecasts.js';

type Side = 'revenue' | 'expense';

/**
 * Keys in an order that every month's sequence agrees with: a key first seen goes right after the
 * key before it in its month, or, when it opens its month, right before the first key already
 * known (a leaf that starts in March lands between its neighbours); a month of new keys only goes
 * at the end. So each month's tree comes back in its own order.
 */
class MergedOrder<Item> {
  // A ring through the null sentinel: next[null] is the first key, prev[null] the last.
  private readonly next = new Map<string | null, string | null>([[null, null]]);
  private readonly prev = new Map<string | null, string | null>([[null, null]]);
  private readonly items = new Map<string, Item>();

  private insertAfter(anchor: string | null, key: string, item: Item): string {
    this.items.set(key, item);
    const next = this.next.get(anchor) ?? null;
    this.next.set(anchor, key);
    this.next.set(key, next);
    this.prev.set(key, anchor);
    this.prev.set(next, key);
    return key;
  }

  /** One month's keys (unique) in its order: their items, made for the keys first seen. */
  placeMonth(keys: readonly string[], make: (index: number) => Item): Item[] {
    const items: Item[] = [];
    const opening: number[] = [];
    let after: string | undefined;
    keys.forEach((key, index) => {
      const known = this.items.get(key);
      if (known !== undefined) {
        let anchor = this.prev.get(key) ?? null;
        for (const waiting of opening)
          anchor = this.insertAfter(anchor, keys[waiting] as string, items[waiting] as Item);
        opening.length = 0;
        items.push(known);
        after = key;
        return;
      }
      const item = make(index);
      items.push(item);
      if (after === undefined) opening.push(index);
      else after = this.insertAfter(after, key, item);
    });
    let anchor = this.prev.get(null) ?? null;
    for (const waiting of opening) anchor = this.insertAfter(anchor, keys[waiting] as string, items[waiting] as Item);
    return items;
  }

  ordered(): Item[] {
    const items: Item[] = [];
    for (let key = this.next.get(null) ?? null; key !== null; key = this.next.get(key) ?? null) {
      items.push(this.items.get(key) as Item);
    }
    return items;
  }
}

/** The fields a leaf's row carries once; a cell repeats one only where it differs. */
const identityFields = ['name', 'relatedTable', 'relatedId', 'employeeId', 'overdueDate'] as const;

function leafColumnOf(leaf: ForecastLeafNode, months: number): ForecastLeafColumn {
  const column: ForecastLeafColumn = {
    name: leaf.name,
    relatedTable: leaf.relatedTable,
    relatedId: leaf.relatedId,
    amounts: new Array<number | null>(months).fill(null),
  };
  if (leaf.employeeId !== undefined) column.employeeId = leaf.employeeId;
  if (leaf.overdueDate !== undefined) column.overdueDate = leaf.overdueDate;
  return column;
}

/** What a leaf has beyond its amount and its row's identity; undefined when nothing. */
function cellOf(leaf: ForecastLeafNode, column: ForecastLeafColumn): ForecastLeafCell | undefined {
  let cell: Record<string, unknown> | undefined;
  // for…in, not Object.entries: no array per leaf (a big organisation has ~250,000 of them).
  for (const field in leaf) {
    const value = leaf[field as keyof ForecastLeafNode];
    if (field === 'amount' || value === undefined || (field === 'isExcluded' && value === false)) continue;
    if (isIdentityField(field) && column[field] === value) continue;
    (cell ??= {})[field] = value;
  }
  return cell as ForecastLeafCell | undefined;
}

function isIdentityField(field: string): field is (typeof identityFields)[number] {
  return (identityFields as readonly string[]).includes(field);
}

function sideColumns(details: ForecastDetails, side: Side): ForecastCategoryColumn[] {
  const months = details.length;
  const categories = new MergedOrder<{ column: ForecastCategoryColumn; leaves: MergedOrder<ForecastLeafColumn> }>();
  const seen = new Map<string, number>();
  details.forEach((month, index) => {
    const nodes = month[side];
    const entries = categories.placeMonth(
      nodes.map((category) => category.name),
      (at) => ({
        column: { name: (nodes[at] as ForecastCategoryNode).name, amounts: new Array<number | null>(months).fill(null), leaves: [] }, // prettier-ignore
        leaves: new MergedOrder<ForecastLeafColumn>(),
      }),
    );
    nodes.forEach((category, at) => {
      const entry = entries[at] as (typeof entries)[number];
      entry.column.amounts[index] = category.amount;
      // Two leaves of one row in one month (not made today) stay two rows rather than one lost.
      seen.clear();
      const keys = category.children.map((leaf) => {
        const rowKey = leafRowKey(leaf);
        const repeat = seen.get(rowKey) ?? 0;
        seen.set(rowKey, repeat + 1);
        return repeat === 0 ? rowKey : `${rowKey}#${repeat}`;
      });
      const columns = entry.leaves.placeMonth(keys, (leafAt) => leafColumnOf(category.children[leafAt] as ForecastLeafNode, months)); // prettier-ignore
      category.children.forEach((leaf, leafAt) => {
        const column = columns[leafAt] as ForecastLeafColumn;
        column.amounts[index] = leaf.amount;
        const cell = cellOf(leaf, column);
        if (cell !== undefined) (column.cells ??= {})[String(index)] = cell;
      });
    });
  });
  return categories.ordered().map(({ column, leaves }) => ({ ...column, leaves: leaves.ordered() }));
}

/** The details answer in columns, from the tree per month. */
export function detailColumnsOf(details: ForecastDetails): ForecastDetailColumns {
  return {
    months: details.map((month) => month.month),
    revenue: sideColumns(details, 'revenue'),
    expense: sideColumns(details, 'expense'),
  };
}

function leafOf(column: ForecastLeafColumn, index: number, amount: number): ForecastLeafNode {
  const leaf: ForecastLeafNode = {
    name: column.name,
    amount,
    relatedId: column.relatedId,
    relatedTable: column.relatedTable,
    isExcluded: false,
  };
  if (column.employeeId !== undefined) leaf.employeeId = column.employeeId;
  if (column.overdueDate !== undefined) leaf.overdueDate = column.overdueDate;
  const cell = column.cells?.[String(index)];
  return cell === undefined ? leaf : { ...leaf, ...cell };
}

function sideOf(categories: readonly ForecastCategoryColumn[], index: number): ForecastDetails[number][Side] {
  const nodes: ForecastDetails[number][Side] = [];
  for (const category of categories) {
    const amount = category.amounts[index];
    if (amount === null || amount === undefined) continue;
    const children: ForecastLeafNode[] = [];
    for (const leaf of category.leaves) {
      const leafAmount = leaf.amounts[index];
      if (leafAmount !== null && leafAmount !== undefined) children.push(leafOf(leaf, index, leafAmount));
    }
    nodes.push({ name: category.name, amount, children });
  }
  return nodes;
}

/** The tree per month from the columns: every month's categories and leaves in their order. */
export function detailsOfColumns(columns: ForecastDetailColumns): ForecastDetails {
  return columns.months.map((month, index) => ({
    month,
    revenue: sideOf(columns.revenue, index),
    expense: sideOf(columns.expense, index),
  }));
}
