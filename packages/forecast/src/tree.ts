/**
 * The details tree and the month totals (docs/forecast.md "Performance", "Leaves and the tree",
 * "Exclusions", "Totals"), built once from the ledger. Leaves are one per item, sorted with German
 * collation by category and then name; the leaf order is fixed once for all months, so no month
 * sorts anything.
 */

import { BASE_LOCALE } from '@saldopilot/shared';
import { CLOSED, EXCLUDED, type Ledger } from './ledger.js';
import { applyPerformance } from './performance.js';
import type { OverdueLeaf } from './planned-occurrences.js';
import {
  CELL,
  CELL_EXCLUDED,
  CELL_REVENUE,
  CELL_THIRTEENTH,
  type ForecastCategory,
  type ForecastDetailRow,
  type ForecastDetailTable,
  type ForecastLeaf,
  type ForecastMonthDetails,
  type LeafTable,
} from './types.js';
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
 * The totals of the first `months` months without the tree: the same sums as {@link buildRows}
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
 * a spread allocates a second object per leaf.
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
 * Builds the details in columns (docs/forecast.md "Details in columns") and the month totals. Per
 * leaf and month: raw > 0 is revenue, < 0 expense, 0 is left out unless excluded (an excluded cell
 * counts 0 and keeps what it took out, on the side its amount would have gone to, so it can be
 * included again). Revenue gets the performance; the VAT settlement has it already (`vatParts`: its
 * parts per month offset) and can never be excluded. The overdue leaves (`overdue`, sorted, after
 * performance) are rows of their own after the others, with their one cell in the first month; their
 * totals are not in `totals` (the caller adds them, with or without the details).
 *
 * One row per slot with a cell in the months, in the slots' display order; the cells are copied into
 * two typed arrays, so the table stays right when the ledger changes later and nothing is allocated
 * per cell (the tree per month allocated ~250,000 leaves for the big organisation).
 */
export function buildRows(
  ledger: Ledger,
  monthKeys: readonly string[],
  performance: number,
  vatParts?: ReadonlyMap<number, VatParts>,
  slotOrder: SlotOrder = orderSlots(ledger),
  overdue: readonly OverdueLeaf[] = [],
): { table: ForecastDetailTable; totals: MonthTotals[] } {
  const { order } = slotOrder;
  const { names, categories, tables, ids, amounts, present, excluded } = ledger;
  // The first `months` of the ledger's (a model's horizon can be longer than the forecast asked for).
  const months = monthKeys.length;
  const stride = ledger.months;
  // The slots with a cell in the months first, so the arrays have the rows' size and no more: fresh
  // memory costs its first write (the bulk of this function's time), and a ledger keeps slots that
  // have nothing in the months asked for (an item that ended, a label of other months).
  const filled = new Uint8Array(order.length);
  let rowCount = overdue.length;
  for (let position = 0; position < order.length; position++) {
    const slot = order[position] as number;
    const isVat = tables[slot] === 'vat_settlement';
    const base = slot * stride;
    for (let i = 0; i < months; i++) {
      const mark = excluded[base + i] as number;
      if (((amounts[base + i] as number) === 0 && (isVat || mark !== EXCLUDED)) || present[base + i] === 0) continue;
      if (mark === CLOSED) continue;
      filled[position] = 1;
      rowCount++;
      break;
    }
  }
  const rows: ForecastDetailRow[] = [];
  const values = new Float64Array(rowCount * months);
  const cells = new Uint8Array(rowCount * months);
  const revenueTotals = new Float64Array(months);
  const expenseTotals = new Float64Array(months);
  let at = 0;
  for (let position = 0; position < order.length; position++) {
    if (filled[position] === 0) continue;
    const slot = order[position] as number;
    const table = tables[slot] as LeafTable;
    const isVat = table === 'vat_settlement';
    const base = slot * stride;
    // An employee's slot: each month names the salary that paid in it.
    const payers = table === 'salaries' ? ledger.payersOf(slot) : undefined;
    const thirteenth = payers === undefined ? undefined : ledger.thirteenthSalaryOf(slot);
    for (let i = 0; i < months; i++) {
      // Most cells are empty: their amount is 0 and they are not excluded, so the count is read last.
      const raw = amounts[base + i] as number;
      const mark = excluded[base + i] as number;
      const isExcluded = !isVat && mark === EXCLUDED;
      if ((raw === 0 && !isExcluded) || present[base + i] === 0 || mark === CLOSED) continue;
      const isRevenue = raw > 0;
      // The VAT settlement comes after performance already (docs/vat.md: it scales output tax only).
      const counted = isRevenue && !isVat ? applyPerformance(raw, performance) : raw;
      values[at + i] = counted;
      cells[at + i] =
        CELL |
        (isExcluded ? CELL_EXCLUDED : 0) |
        (isRevenue ? CELL_REVENUE : 0) |
        (thirteenth?.[i] === 1 ? CELL_THIRTEENTH : 0);
      if (isExcluded) continue;
      if (isRevenue) revenueTotals[i] = (revenueTotals[i] as number) + counted;
      else expenseTotals[i] = (expenseTotals[i] as number) + counted;
    }
    const name = names[slot] as string;
    const category = categories[slot] as string;
    const id = ids[slot] as number;
    rows.push(
      payers === undefined
        ? { name, category, relatedTable: table, id, at }
        : { name, category, relatedTable: table, id, payers: payers.slice(0, months), at },
    );
    at += months;
  }
  if (months > 0) {
    for (const { occurrence, amount } of overdue) {
      values[at] = amount;
      cells[at] = CELL | (amount > 0 ? CELL_REVENUE : 0);
      const { name, category, kind, dueDate } = occurrence;
      if (kind === 'salaries' && occurrence.employeeId !== undefined) {
        const payers = new Int32Array(months);
        payers[0] = occurrence.id;
        rows.push({ name, category, relatedTable: kind, id: occurrence.employeeId, payers, overdueDate: dueDate, at });
      } else {
        rows.push({ name, category, relatedTable: kind, id: occurrence.id, overdueDate: dueDate, at });
      }
      at += months;
    }
  }
  const totals: MonthTotals[] = [];
  for (let i = 0; i < months; i++) {
    // `+ 0` turns a -0 (a sum of excluded expense leaves) into 0.
    totals.push({ revenue: (revenueTotals[i] as number) + 0, expense: (expenseTotals[i] as number) + 0 });
  }
  return {
    table: {
      months: monthKeys,
      rows,
      amounts: values,
      cells,
      ...(vatParts === undefined ? {} : { vatParts }),
    },
    totals,
  };
}

/**
 * The details as a tree per month (side → category → leaves, docs/forecast.md "Rows in the table")
 * from the details in columns: the adapter for the answers that still send the tree. Equal leaves of
 * one row in several months are one shared object: treat the result as read-only. An overdue row's
 * leaf goes into its category after the regular leaves (a category of its own, in collation order,
 * when the month has none).
 */
export function detailsOfTable(table: ForecastDetailTable): ForecastMonthDetails[] {
  const { months: monthKeys, rows, amounts, cells, vatParts } = table;
  const months = monthKeys.length;
  const revenueTrees: ForecastCategory[][] = [];
  const expenseTrees: ForecastCategory[][] = [];
  const openRevenue: (ForecastCategory | undefined)[] = new Array<ForecastCategory | undefined>(months);
  const openExpense: (ForecastCategory | undefined)[] = new Array<ForecastCategory | undefined>(months);
  for (let i = 0; i < months; i++) {
    revenueTrees.push([]);
    expenseTrees.push([]);
  }
  for (const row of rows) {
    const { name, relatedTable: table, id, payers, at, overdueDate } = row;
    const isVat = table === 'vat_settlement';
    let previous: ForecastLeaf | undefined;
    for (let i = 0; i < months; i++) {
      const flags = cells[at + i] as number;
      if (flags === 0) continue;
      const counted = amounts[at + i] as number;
      const isExcluded = (flags & CELL_EXCLUDED) !== 0;
      const isRevenue = (flags & CELL_REVENUE) !== 0;
      const amount = isExcluded ? 0 : counted;
      const parts = isVat ? vatParts?.get(i) : undefined;
      let leaf: ForecastLeaf;
      if (overdueDate !== undefined) {
        leaf =
          payers === undefined
            ? { name, amount, relatedTable: table, relatedId: id, isExcluded: false, overdueDate }
            : { name, amount, relatedTable: table, relatedId: payers[i] as number, isExcluded: false, overdueDate, employeeId: id }; // prettier-ignore
        addOverdueLeaf((isRevenue ? revenueTrees[i] : expenseTrees[i]) as ForecastCategory[], row.category, leaf);
        continue;
      }
      // A leaf equal to this row's leaf of an earlier month is shared (the result is read-only).
      if (parts !== undefined) {
        leaf = { name, amount, relatedTable: table, relatedId: id, isExcluded, ...parts };
      } else if (payers === undefined) {
        leaf =
          previous !== undefined && previous.amount === amount && sameExclusion(previous, isExcluded, counted)
            ? previous
            : newLeaf(name, amount, table, id, isExcluded, counted);
      } else {
        const salaryId = payers[i] as number;
        const withThirteenth = (flags & CELL_THIRTEENTH) !== 0;
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
      // Rows come in category order, so a month's open category per side is the only one to look at.
      const open = isRevenue ? openRevenue : openExpense;
      let category = open[i];
      if (category?.name !== row.category) {
        category = { name: row.category, amount: 0, children: [] };
        (isRevenue ? revenueTrees[i] : expenseTrees[i])?.push(category);
        open[i] = category;
      }
      category.children.push(leaf);
      category.amount += amount;
    }
  }
  const details: ForecastMonthDetails[] = [];
  for (let i = 0; i < months; i++) {
    details.push({ month: monthKeys[i] as string, revenue: revenueTrees[i] ?? [], expense: expenseTrees[i] ?? [] });
  }
  return details;
}

/** An overdue leaf into its category of a month's side, made in collation order when missing. */
function addOverdueLeaf(side: ForecastCategory[], name: string, leaf: ForecastLeaf): void {
  let category = side.find((candidate) => candidate.name === name);
  if (!category) {
    category = { name, amount: 0, children: [] };
    const at = side.findIndex((other) => compareNames(other.name, name, undefined, undefined) > 0);
    side.splice(at < 0 ? side.length : at, 0, category);
  }
  category.children.push(leaf);
  category.amount += leaf.amount;
}
