/**
 * Where every contribution lands: one slot per leaf (docs/forecast.md: one per transaction, employee,
 * cost label and the VAT settlement), one cell per slot and month in flat typed arrays. The modules
 * only add numbers here; the tree and the totals are built from it at the end, so no objects are
 * made per occurrence.
 *
 * Contributions can be taken out again (`add` with sign −1, the same amounts negated): the forecast
 * model (forecast-model.ts) replaces a changed item by taking out what it added and adding it anew.
 * Amounts are whole minor units, so a sum and its difference are exact while every cell stays within
 * ±2^53; a cell that leaves that range marks the ledger `inexact` (the model then builds anew). Each
 * cell counts its contributions, so a cell whose items all left is empty again, not a 0 leaf.
 *
 * Salaries: an employee's salaries share one slot (`openSalary`), and each cell remembers the
 * salary that paid in that month (`payersOf`), so the month's leaf names that salary and an
 * exclusion (month, 'salaries', salary id) hits the employee's cell of that month only when that
 * salary paid in it (docs/forecast.md). An employee is replaced as a whole (`clearEmployee`).
 */

import type { ExclusionTable, LeafTable } from './types.js';

/** A cell the user excluded: counts 0, shown struck through (docs/forecast.md "Exclusions"). */
export const EXCLUDED = 1;
/** A cell whose occurrence is closed (docs/plan-actual.md): counts 0 and is not shown. */
export const CLOSED = 2;

/** Slots and their month cells; `count` months per slot. */
export class Ledger {
  /** Months per slot. */
  readonly months: number;
  readonly names: string[] = [];
  readonly categories: string[] = [];
  readonly tables: LeafTable[] = [];
  readonly ids: number[] = [];
  /** Raw amounts (before performance and exclusions), slot × months + month offset. */
  amounts: Float64Array;
  /** How many contributions the cell holds (an excluded leaf is shown only where something would count). */
  present: Int32Array;
  /** EXCLUDED when the user excluded the cell, CLOSED when its occurrence left the forecast, else 0. */
  excluded: Uint8Array;
  /** True once a cell left the exact range ±2^53: taking contributions out would no longer be exact. */
  inexact = false;
  /** Raised whenever a slot is opened or renamed: the display order (tree.ts) is kept until it moves. */
  layoutVersion = 0;
  // One map per kind of leaf, keyed by the number: no string key is built per lookup.
  private readonly slotsByTable: Record<LeafTable, Map<number, number>> = {
    transactions: new Map(),
    salaries: new Map(),
    salary_cost_labels: new Map(),
    vat_settlement: new Map(),
  };
  /** Per slot of an employee: the salary id that paid in each month (0 = none); undefined for other slots. */
  private readonly payers: (Int32Array | undefined)[] = [];
  /** Per slot of an employee: 1 in the months whose payment includes a 13th salary. */
  private readonly thirteenth: (Uint8Array | undefined)[] = [];
  /** The employee slot and the start date of each salary opened, for the exclusions and overlaps. */
  private readonly salaries = new Map<number, { slot: number; fromDate: string }>();

  /**
   * @param months number of months of the horizon
   * @param capacity the slots expected (items + labels + 1): the arrays are sized for them and grow
   *   only when more are opened
   */
  constructor(months: number, capacity: number) {
    this.months = months;
    const cells = months * Math.max(1, capacity);
    this.amounts = new Float64Array(cells);
    this.present = new Int32Array(cells);
    this.excluded = new Uint8Array(cells);
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
      if ((slot + 1) * this.months > this.amounts.length) this.grow();
      this.names.push(name);
      this.categories.push(category);
      this.tables.push(table);
      this.ids.push(id);
      slots.set(id, slot);
      this.layoutVersion++;
    } else if (this.names[slot] !== name || this.categories[slot] !== category) {
      // An item put in again after a rename or a new category.
      this.names[slot] = name;
      this.categories[slot] = category;
      this.layoutVersion++;
    }
    return slot;
  }

  /** Doubles the cells: a model adds slots for items created after it was built. */
  private grow(): void {
    const cells = Math.max(this.amounts.length * 2, this.months * 16);
    const grown = <T extends Float64Array | Int32Array | Uint8Array>(from: T, to: T): T => {
      to.set(from);
      return to;
    };
    this.amounts = grown(this.amounts, new Float64Array(cells));
    this.present = grown(this.present, new Int32Array(cells));
    this.excluded = grown(this.excluded, new Uint8Array(cells));
  }

  /**
   * Adds `amount` to the slot in the month `offset` (0 = first month of the horizon); with `sign` −1
   * it takes out a contribution added before (`amount` then is that contribution negated).
   */
  add(slot: number, offset: number, amount: number, sign: 1 | -1 = 1): void {
    const cell = slot * this.months + offset;
    const sum = (this.amounts[cell] as number) + amount;
    this.amounts[cell] = sum;
    this.present[cell] = (this.present[cell] as number) + sign;
    if (sum > Number.MAX_SAFE_INTEGER || sum < -Number.MAX_SAFE_INTEGER) this.inexact = true;
  }

  /** Empties every month of the slot (an employee replaced as a whole, the VAT settlement of a new result). */
  clearSlot(slot: number): void {
    const base = slot * this.months;
    this.amounts.fill(0, base, base + this.months);
    this.present.fill(0, base, base + this.months);
    this.payers[slot]?.fill(0);
    this.thirteenth[slot]?.fill(0);
  }

  /** The slot of the leaf (table, id), or undefined when it was never opened. */
  slotOf(table: LeafTable, id: number): number | undefined {
    return this.slotsByTable[table].get(id);
  }

  /**
   * Takes an employee out before their salaries are added anew: the slot is emptied and the salaries
   * it knew are forgotten (a deleted salary must no longer catch its exclusions).
   */
  clearEmployee(employeeId: number, salaryIds: Iterable<number>): void {
    const slot = this.slotsByTable.salaries.get(employeeId);
    if (slot === undefined) return;
    this.clearSlot(slot);
    // The ids the caller knows for the employee (before and after the change), not a walk of all salaries.
    for (const salaryId of salaryIds) if (this.salaries.get(salaryId)?.slot === slot) this.salaries.delete(salaryId);
  }

  /** Lifts every exclusion: a result applies the current ones. */
  clearExclusions(): void {
    this.excluded.fill(0);
  }

  /**
   * The slot of the salary's employee (one per employee, opened as ('salaries', employee id) with
   * the employee's name), for `addSalary`.
   */
  openSalary(
    salary: { id: number; employeeId: number; employeeName: string; fromDate: string },
    category: string,
  ): number {
    const slot = this.open('salaries', salary.employeeId, salary.employeeName, category);
    this.payers[slot] ??= new Int32Array(this.months);
    this.thirteenth[slot] ??= new Uint8Array(this.months);
    this.salaries.set(salary.id, { slot, fromDate: salary.fromDate });
    return slot;
  }

  /**
   * Adds a payment of salary `salaryId` to its employee's slot (`openSalary`) in the month `offset`,
   * and the cell names the salary. Two salaries of one employee pay in the same month only when end
   * dates overlap by hand: their amounts add up and the cell names the later one (later start, then
   * higher id). `withThirteenthSalary` marks a payment that includes a 13th salary.
   */
  addSalary(slot: number, offset: number, amount: number, salaryId: number, withThirteenthSalary = false): void {
    this.add(slot, offset, amount);
    if (withThirteenthSalary) (this.thirteenth[slot] as Uint8Array)[offset] = 1;
    const payers = this.payers[slot] as Int32Array;
    const current = payers[offset] as number;
    if (current === 0 || current === salaryId || this.startsAfter(salaryId, current)) payers[offset] = salaryId;
  }

  private startsAfter(salaryId: number, otherId: number): boolean {
    const start = (this.salaries.get(salaryId) as { fromDate: string }).fromDate;
    const other = (this.salaries.get(otherId) as { fromDate: string }).fromDate;
    return start > other || (start === other && salaryId > otherId);
  }

  /** The salary ids that paid in each month of an employee's slot; undefined for other slots. */
  payersOf(slot: number): Int32Array | undefined {
    return this.payers[slot];
  }

  /** 1 in the months of an employee's slot whose payment includes a 13th salary; undefined for other slots. */
  thirteenthSalaryOf(slot: number): Uint8Array | undefined {
    return this.thirteenth[slot];
  }

  /**
   * Marks the leaf (table, id) excluded in month `offset`; unknown leaves are ignored. A salary's
   * exclusion marks its employee's cell when that salary is the one the cell names.
   */
  exclude(table: ExclusionTable, id: number, offset: number): void {
    const cell = this.cellOf(table, id, offset);
    if (cell !== undefined) this.excluded[cell] = EXCLUDED;
  }

  /** Marks the leaf's cell in month `offset` closed (docs/plan-actual.md); unknown leaves are ignored. */
  close(table: LeafTable, id: number, offset: number): void {
    const cell = this.cellOf(table, id, offset);
    if (cell !== undefined && this.present[cell] !== 0) this.excluded[cell] = CLOSED;
  }

  /**
   * The cell of the leaf (table, id) in month `offset`: for a salary, its employee's cell when that
   * salary is the one the cell names; undefined when there is none.
   */
  private cellOf(table: LeafTable, id: number, offset: number): number | undefined {
    if (table === 'salaries') {
      const slot = this.salaries.get(id)?.slot;
      return slot !== undefined && this.payers[slot]?.[offset] === id ? slot * this.months + offset : undefined;
    }
    const slot = this.slotsByTable[table].get(id);
    return slot === undefined ? undefined : slot * this.months + offset;
  }
}
