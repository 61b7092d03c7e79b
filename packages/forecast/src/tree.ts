/**
 * The details tree and the month totals (docs/forecast.md "Performance", "Leaves and the tree",
 * "Exclusions", "Totals"), built once from the ledger. Leaves are one per item, sorted with German
 * collation by category and then name; the leaf order is fixed once for all months, so no month
 * sorts anything.
 */

import { BASE_LOCALE } from '@saldopilot/shared';
import { CLOSED, EXCLUDED, type Ledger } from './ledger.js';
import { applyPerformance } from './performance.js';
import type { ForecastCategory, ForecastLeaf, ForecastMonthDetails, LeafTable } from './types.js';
import type { VatParts } from './vat-settlement.js';

// Built once: constructing a collator costs far more than using it.
const collator = new Intl.Collator(BASE_LOCALE);

const tableOrder: Record<LeafTable, number> = {
  transactions: 0,
  salaries: 1,
  salary_cost_labels: 2,
  vat_settlement: 3,
};

// Accented letters that a collator ranks like plain ones at the primary level (ü like u, ß like ss):
// kept only where the collator itself says so, checked once on first use.
const accentCandidates: Record<string, string> = {
  ä: 'a', à: 'a', á: 'a', â: 'a', ã: 'a', å: 'a', ç: 'c', è: 'e', é: 'e', ê: 'e', ë: 'e', ì: 'i',
  í: 'i', î: 'i', ï: 'i', ñ: 'n', ò: 'o', ó: 'o', ô: 'o', õ: 'o', ö: 'o', ù: 'u', ú: 'u', û: 'u',
  ü: 'u', ý: 'y', ÿ: 'y', ß: 'ss',
}; // prettier-ignore
let accents: { folds: Record<string, string>; pattern: RegExp } | undefined;

function primaryFolds() {
  if (accents) return accents;
  const base = new Intl.Collator(BASE_LOCALE, { sensitivity: 'base' });
  const folds = Object.fromEntries(
    Object.entries(accentCandidates).filter(([accented, plain]) => base.compare(accented, plain) === 0),
  );
  accents = { folds, pattern: new RegExp(`^[a-z0-9 ${Object.keys(folds).join('')}]*$`) };
  return accents;
}

/**
 * The name's primary sort key when it holds only letters, digits and spaces: lower case with the
 * accents of `primaryFolds` replaced by their plain letters; else undefined. Two names whose keys
 * differ are in the collator's order exactly when their keys are in code-unit order: the primary
 * level decides between them, and there a collator ignores case and those accents and ranks
 * space < digits < letters, as the code units do. Most names have such a key, so most comparisons
 * of a sort need no collator (one call costs about a microsecond; ~13,000 leaves make ~180,000).
 */
export function plainSortKey(name: string): string | undefined {
  const lower = name.toLowerCase();
  if (/^[a-z0-9 ]*$/.test(lower)) return lower;
  const { folds, pattern } = primaryFolds();
  return pattern.test(lower) ? lower.replace(/[^a-z0-9 ]/g, (char) => folds[char] as string) : undefined;
}

/** German collation of two names, the collator asked only when the plain keys cannot tell. */
export function compareNames(a: string, b: string, plainA: string | undefined, plainB: string | undefined): number {
  if (a === b) return 0;
  if (plainA !== undefined && plainB !== undefined && plainA !== plainB) return plainA < plainB ? -1 : 1;
  return collator.compare(a, b);
}

/**
 * The slots of the ledger in display order: category (German collation), then name, then kind and
 * id, so two leaves of the same name always come in the same order.
 */
export interface SlotOrder {
  order: Int32Array;
  categoryRanks: Int32Array;
}

export function orderSlots(ledger: Ledger): SlotOrder {
  const size = ledger.size;
  const { names, categories, tables, ids } = ledger;
  const categoryNames = [...new Set(categories)].sort(collator.compare);
  const rankOfCategory = new Map(categoryNames.map((name, rank) => [name, rank]));
  const categoryRanks = new Int32Array(size);
  const plainKeys: (string | undefined)[] = new Array<string | undefined>(size);
  // The slots of each category apart: categories are few, so each sort is smaller and compares names only.
  const byCategory: number[][] = categoryNames.map(() => []);
  for (let slot = 0; slot < size; slot++) {
    const rank = rankOfCategory.get(categories[slot] as string) as number;
    categoryRanks[slot] = rank;
    plainKeys[slot] = plainSortKey(names[slot] as string);
    (byCategory[rank] as number[]).push(slot);
  }
  const bySlotName = (a: number, b: number) =>
    compareNames(names[a] as string, names[b] as string, plainKeys[a], plainKeys[b]) ||
    tableOrder[tables[a] as LeafTable] - tableOrder[tables[b] as LeafTable] ||
    (ids[a] as number) - (ids[b] as number);
  const order = new Int32Array(size);
  let position = 0;
  for (const slots of byCategory) {
    slots.sort(bySlotName);
    order.set(slots, position);
    position += slots.length;
  }
  return { order, categoryRanks };
}

/** The totals of one month, after performance: sums of the revenue and of the expense leaves. */
export interface MonthTotals {
  revenue: number;
  expense: number;
}

/**
 * The totals of the first `months` months without the tree: the same sums as {@link buildDetails}
 * (each leaf after performance, the VAT settlement as it is, an excluded leaf 0), for an answer
 * that shows no details. Each side sums amounts of one sign, so the order of the additions cannot
 * change an exact total.
 */
export function monthTotals(ledger: Ledger, months: number, performance: number): MonthTotals[] {
  // A cell whose contributions all left is exactly 0 again: its amount alone says whether it counts.
  const { tables, amounts, excluded } = ledger;
  const stride = ledger.months;
  const revenue = new Float64Array(months);
  const expense = new Float64Array(months);
  for (let slot = 0; slot < ledger.size; slot++) {
    const isVat = tables[slot] === 'vat_settlement';
    const base = slot * stride;
    for (let i = 0; i < months; i++) {
      const raw = amounts[base + i] as number;
      const mark = excluded[base + i] as number;
      if (raw === 0 || mark === CLOSED || (!isVat && mark === EXCLUDED)) continue;
      if (raw > 0) revenue[i] = (revenue[i] as number) + (isVat ? raw : applyPerformance(raw, performance));
      else expense[i] = (expense[i] as number) + raw;
    }
  }
  return Array.from({ length: months }, (_, i) => ({
    revenue: (revenue[i] as number) + 0,
    expense: (expense[i] as number) + 0,
  }));
}

/**
 * A new leaf of an item that is not the VAT settlement. An excluded leaf counts 0 but names what it
 * took out (`excludedAmount`, after performance), so the table can show it struck through and a
 * draft that counts it again knows its amount. Written out instead of spread from a helper's object:
 * a spread allocates a second object per leaf, and leaves are the bulk of the forecast's garbage.
 */
function newLeaf(
  name: string,
  amount: number,
  table: LeafTable,
  relatedId: number,
  isExcluded: boolean,
  counted: number,
): ForecastLeaf {
  return isExcluded
    ? { name, amount, relatedTable: table, relatedId, isExcluded, excludedAmount: counted }
    : { name, amount, relatedTable: table, relatedId, isExcluded };
}

/** An employee's leaf of one month: `newLeaf` with the employee and, when paid, the 13th salary. */
function newSalaryLeaf(
  name: string,
  amount: number,
  salaryId: number,
  isExcluded: boolean,
  counted: number,
  employeeId: number,
  withThirteenth: boolean,
): ForecastLeaf {
  if (isExcluded) {
    return withThirteenth
      ? { name, amount, relatedTable: 'salaries', relatedId: salaryId, isExcluded, excludedAmount: counted, employeeId, thirteenthSalary: true } // prettier-ignore
      : { name, amount, relatedTable: 'salaries', relatedId: salaryId, isExcluded, excludedAmount: counted, employeeId }; // prettier-ignore
  }
  return withThirteenth
    ? { name, amount, relatedTable: 'salaries', relatedId: salaryId, isExcluded, employeeId, thirteenthSalary: true }
    : { name, amount, relatedTable: 'salaries', relatedId: salaryId, isExcluded, employeeId };
}

function sameExclusion(previous: ForecastLeaf, isExcluded: boolean, counted: number): boolean {
  return previous.isExcluded === isExcluded && (!isExcluded || previous.excludedAmount === counted);
}

/**
 * Builds the details of every month and their totals. Per leaf and month: raw > 0 is revenue, < 0
 * expense, 0 is left out unless excluded (an excluded leaf is shown with amount 0 and its
 * `excludedAmount` in the tree its amount would have gone to, so it can be included again). Revenue leaves get the performance; the
 * VAT settlement has it already (`vatParts`: its parts per month offset, carried by its leaves) and
 * can never be excluded.
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
  vatParts?: ReadonlyMap<number, VatParts>,
  slotOrder: SlotOrder = orderSlots(ledger),
): { details: ForecastMonthDetails[]; totals: MonthTotals[] } {
  const { order, categoryRanks } = slotOrder;
  const { names, categories, tables, ids, amounts, present, excluded } = ledger;
  // The first `months` of the ledger's (a model's horizon can be longer than the forecast asked for).
  const months = monthKeys.length;
  const stride = ledger.months;
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
    const base = slot * stride;
    // An employee's slot: the leaf of each month names the salary that paid in it.
    const payers = table === 'salaries' ? ledger.payersOf(slot) : undefined;
    const thirteenth = payers === undefined ? undefined : ledger.thirteenthSalaryOf(slot);
    let previous: ForecastLeaf | undefined;
    for (let i = 0; i < months; i++) {
      // Most cells are empty: their amount is 0 and they are not excluded, so the count is read last.
      const raw = amounts[base + i] as number;
      const mark = excluded[base + i] as number;
      const isExcluded = !isVat && mark === EXCLUDED;
      if ((raw === 0 && !isExcluded) || present[base + i] === 0 || mark === CLOSED) continue;
      const isRevenue = raw > 0;
      // The VAT settlement comes after performance already (docs/vat.md: it scales output tax only).
      const counted = isRevenue && !isVat ? applyPerformance(raw, performance) : raw;
      const amount = isExcluded ? 0 : counted;
      const parts = isVat ? vatParts?.get(i) : undefined;
      // A leaf equal to this item's leaf of an earlier month is shared (the result is read-only):
      // most items repeat their amount every month, and 250,000 fresh objects cost more than the rest
      // of the forecast together.
      let leaf: ForecastLeaf;
      if (parts !== undefined) {
        leaf = { name, amount, relatedTable: table, relatedId: id, isExcluded, ...parts };
      } else if (payers === undefined) {
        leaf =
          previous !== undefined && previous.amount === amount && sameExclusion(previous, isExcluded, counted)
            ? previous
            : newLeaf(name, amount, table, id, isExcluded, counted);
      } else {
        const salaryId = payers[i] as number;
        const withThirteenth = thirteenth?.[i] === 1;
        leaf =
          previous !== undefined &&
          previous.amount === amount &&
          sameExclusion(previous, isExcluded, counted) &&
          previous.relatedId === salaryId &&
          (previous.thirteenthSalary === true) === withThirteenth
            ? previous
            : newSalaryLeaf(name, amount, salaryId, isExcluded, counted, id, withThirteenth);
      }
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
