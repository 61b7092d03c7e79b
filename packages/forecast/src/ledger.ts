/**
 * Where every contribution lands: one slot per leaf (FORECAST.md 4: one per transaction, salary,
 * cost label and the VAT settlement), one cell per slot and month in flat typed arrays. The modules
 * only add numbers here; the tree and the totals are built from it once at the end, so no objects
 * are made per occurrence.
 */

import type { ExclusionTable, LeafTable } from './types.js';

/** Slots and their month cells; `count` months per slot. */
export class Ledger {
  /** Months per slot. */
  readonly months: number;
  readonly names: string[] = [];
  readonly categories: string[] = [];
  readonly tables: LeafTable[] = [];
  readonly ids: number[] = [];
  /** Raw amounts (before performance and exclusions), slot × months + month offset. */
  readonly amounts: Float64Array;
  /** 1 when an item contributed to the cell (an excluded leaf is shown only where it would count). */
  readonly present: Uint8Array;
  /** 1 when the cell is excluded by the user. */
  readonly excluded: Uint8Array;
  // One map per kind of leaf, keyed by the number: no string key is built per lookup.
  private readonly slotsByTable: Record<LeafTable, Map<number, number>> = {
    transactions: new Map(),
    salaries: new Map(),
    salary_cost_labels: new Map(),
    vat_settlement: new Map(),
  };

  /**
   * @param months number of months of the horizon
   * @param capacity the most slots that can be opened (items + labels + 1): the arrays are sized once
   */
  constructor(months: number, capacity: number) {
    this.months = months;
    this.amounts = new Float64Array(months * capacity);
    this.present = new Uint8Array(months * capacity);
    this.excluded = new Uint8Array(months * capacity);
  }

  /** Number of open slots. */
  get size(): number {
    return this.names.length;
  }

  /**
   * The slot of the leaf (table, id), opened with its name and category on first use: costs of one
   * label across all salaries share their label's slot.
   */
  open(table: LeafTable, id: number, name: string, category: string): number {
    const slots = this.slotsByTable[table];
    let slot = slots.get(id);
    if (slot === undefined) {
      slot = this.names.length;
      if ((slot + 1) * this.months > this.amounts.length) throw new RangeError('Ledger capacity exceeded');
      this.names.push(name);
      this.categories.push(category);
      this.tables.push(table);
      this.ids.push(id);
      slots.set(id, slot);
    }
    return slot;
  }

  /** Adds `amount` to the slot in the month `offset` (0 = first month of the horizon). */
  add(slot: number, offset: number, amount: number): void {
    const cell = slot * this.months + offset;
    this.amounts[cell] = (this.amounts[cell] as number) + amount;
    this.present[cell] = 1;
  }

  /** Marks the leaf (table, id) excluded in month `offset`; unknown leaves are ignored. */
  exclude(table: ExclusionTable, id: number, offset: number): void {
    const slot = this.slotsByTable[table].get(id);
    if (slot !== undefined) this.excluded[slot * this.months + offset] = 1;
  }
}
