/**
 * The details tree and the month totals (research §5.11, FORECAST.md 3, 4, 5, 9), built once from the
 * ledger. Leaves are one per item, sorted with German collation by category and then name; the leaf
 * order is fixed once for all months, so no month sorts anything.
 */

import { BASE_LOCALE } from '@saldopilot/shared';
import type { Ledger } from './ledger.js';
import { applyPerformance } from './performance.js';
import type { ForecastCategory, ForecastLeaf, ForecastMonthDetails, LeafTable } from './types.js';

// Built once: constructing a collator costs far more than using it.
const collator = new Intl.Collator(BASE_LOCALE);

const tableOrder: Record<LeafTable, number> = {
  transactions: 0,
  salaries: 1,
  salary_cost_labels: 2,
  vat_settlement: 3,
};

// Lower-case ASCII stand-ins for the accented letters of German, French and Italian names.
const foldedLetters: Record<string, string> = {
  ä: 'a', à: 'a', á: 'a', â: 'a', ã: 'a', å: 'a', æ: 'ae', ç: 'c', è: 'e', é: 'e', ê: 'e', ë: 'e',
  ì: 'i', í: 'i', î: 'i', ï: 'i', ñ: 'n', ò: 'o', ó: 'o', ô: 'o', õ: 'o', ö: 'o', ø: 'o', œ: 'oe',
  ù: 'u', ú: 'u', û: 'u', ü: 'u', ý: 'y', ÿ: 'y', ß: 'ss',
}; // prettier-ignore

/**
 * A cheap approximation of the collation order: lower case with the common accents dropped. Sorting
 * by it first puts the names (almost) in collation order, so the exact sort with the collator that
 * follows meets nearly sorted input and needs about one comparison per name instead of log2(n)
 * (V8's TimSort finds the runs); the collator alone was ~40 ms for 13,000 names.
 */
export function roughSortKey(name: string): string {
  const lower = name.toLowerCase();
  // eslint-disable-next-line no-control-regex -- the ASCII range is the point
  if (!/[^\x00-\x7f]/.test(lower)) return lower;
  let key = '';
  for (const char of lower) key += foldedLetters[char] ?? char;
  return key;
}

function byCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * The slots of the ledger in display order: category (German collation), then name, then kind and
 * id, so two leaves of the same name always come in the same order.
 */
export function orderSlots(ledger: Ledger): { order: Int32Array; categoryRanks: Int32Array } {
  const size = ledger.size;
  const { names, categories, tables, ids } = ledger;
  const categoryNames = [...new Set(categories)].sort(collator.compare);
  const rankOfCategory = new Map(categoryNames.map((name, rank) => [name, rank]));
  const categoryRanks = new Int32Array(size);
  const keys: string[] = new Array<string>(size);
  const slots: number[] = new Array<number>(size);
  for (let slot = 0; slot < size; slot++) {
    categoryRanks[slot] = rankOfCategory.get(categories[slot] as string) as number;
    keys[slot] = roughSortKey(names[slot] as string);
    slots[slot] = slot;
  }
  const tieBreak = (a: number, b: number) =>
    tableOrder[tables[a] as LeafTable] - tableOrder[tables[b] as LeafTable] || (ids[a] as number) - (ids[b] as number);
  slots.sort(
    (a, b) =>
      (categoryRanks[a] as number) - (categoryRanks[b] as number) ||
      byCodeUnits(keys[a] as string, keys[b] as string) ||
      byCodeUnits(names[a] as string, names[b] as string) ||
      tieBreak(a, b),
  );
  slots.sort((a, b) => {
    const byCategory = (categoryRanks[a] as number) - (categoryRanks[b] as number);
    if (byCategory !== 0) return byCategory;
    const nameA = names[a] as string;
    const nameB = names[b] as string;
    return (nameA === nameB ? 0 : collator.compare(nameA, nameB)) || tieBreak(a, b);
  });
  return { order: Int32Array.from(slots), categoryRanks };
}

/** The totals of one month, after performance: sums of the revenue and of the expense leaves. */
export interface MonthTotals {
  revenue: number;
  expense: number;
}

/**
 * Builds the details of every month and their totals. Per leaf and month: raw > 0 is revenue, < 0
 * expense, 0 is left out unless excluded (an excluded leaf is shown with amount 0 in the tree its
 * amount would have gone to, so it can be included again). Revenue leaves and the VAT settlement
 * get the performance; the VAT settlement can never be excluded.
 *
 * Equal leaves of one item in several months are one shared object: treat the result as read-only.
 *
 * The loop runs leaf by leaf and, inside, month by month: that reads the ledger's cells in memory
 * order (a month-by-month pass strides through megabytes per month) and keeps the leaf order without
 * sorting per month; each month remembers its open category per side.
 */
export function buildDetails(
  ledger: Ledger,
  monthKeys: readonly string[],
  performance: number,
): { details: ForecastMonthDetails[]; totals: MonthTotals[] } {
  const { order, categoryRanks } = orderSlots(ledger);
  const { names, categories, tables, ids, amounts, present, excluded, months } = ledger;
  const revenueTrees: ForecastCategory[][] = [];
  const expenseTrees: ForecastCategory[][] = [];
  const openRevenue: ForecastCategory[] = [];
  const openExpense: ForecastCategory[] = [];
  const openRevenueRank = new Int32Array(months).fill(-1);
  const openExpenseRank = new Int32Array(months).fill(-1);
  const revenueTotals = new Float64Array(months);
  const expenseTotals = new Float64Array(months);
  for (let i = 0; i < months; i++) {
    revenueTrees.push([]);
    expenseTrees.push([]);
  }
  for (let position = 0; position < order.length; position++) {
    const slot = order[position] as number;
    const name = names[slot] as string;
    const table = tables[slot] as LeafTable;
    const id = ids[slot] as number;
    const isVat = table === 'vat_settlement';
    const rank = categoryRanks[slot] as number;
    const base = slot * months;
    let previous: ForecastLeaf | undefined;
    for (let i = 0; i < months; i++) {
      if (present[base + i] === 0) continue;
      const raw = amounts[base + i] as number;
      const isExcluded = !isVat && excluded[base + i] === 1;
      if (raw === 0 && !isExcluded) continue;
      const isRevenue = raw > 0;
      const amount = isExcluded ? 0 : isRevenue || isVat ? applyPerformance(raw, performance) : raw;
      // A leaf equal to this item's leaf of an earlier month is shared (the result is read-only):
      // most items repeat their amount every month, and 250,000 fresh objects cost more than the rest
      // of the forecast together.
      const leaf: ForecastLeaf =
        previous !== undefined && previous.amount === amount && previous.isExcluded === isExcluded
          ? previous
          : { name, amount, relatedTable: table, relatedId: id, isExcluded };
      previous = leaf;
      let category: ForecastCategory;
      if (isRevenue) {
        if (openRevenueRank[i] !== rank) {
          openRevenue[i] = { name: categories[slot] as string, amount: 0, children: [] };
          (revenueTrees[i] as ForecastCategory[]).push(openRevenue[i] as ForecastCategory);
          openRevenueRank[i] = rank;
        }
        category = openRevenue[i] as ForecastCategory;
        revenueTotals[i] = (revenueTotals[i] as number) + amount;
      } else {
        if (openExpenseRank[i] !== rank) {
          openExpense[i] = { name: categories[slot] as string, amount: 0, children: [] };
          (expenseTrees[i] as ForecastCategory[]).push(openExpense[i] as ForecastCategory);
          openExpenseRank[i] = rank;
        }
        category = openExpense[i] as ForecastCategory;
        expenseTotals[i] = (expenseTotals[i] as number) + amount;
      }
      category.children.push(leaf);
      category.amount += amount;
    }
  }
  const details: ForecastMonthDetails[] = [];
  const totals: MonthTotals[] = [];
  for (let i = 0; i < months; i++) {
    details.push({ month: monthKeys[i] as string, revenue: revenueTrees[i] ?? [], expense: expenseTrees[i] ?? [] });
    // `+ 0` turns a -0 (a sum of excluded expense leaves) into 0.
    totals.push({ revenue: (revenueTotals[i] as number) + 0, expense: (expenseTotals[i] as number) + 0 });
  }
  return { details, totals };
}
