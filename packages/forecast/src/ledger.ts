/**
 * Where every contribution lands: one slot per leaf (docs/forecast.md: one per transaction, employee,
 * cost label and the VAT settlement), one cell per slot and month in flat typed arrays. The modules
 * only add numbers here; the tree and the totals are built from it once at the end, so no objects
 * are made per occurrence.
 *
 * Salaries: an employee's salaries share one slot (`openSalary`), and each cell remembers the
 * salary that paid in that month (`payersOf`), so the month's leaf names that salary and an
 * exclusion (month, 'salaries', salary id) hits the employee's cell of that month only when that
 * salary paid in it (docs/forecast.md).
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
  /** Per slot of an employee: the salary id that paid in each month (0 = none); undefined for other slots. */
  private readonly payers: (Int32Array | undefined)[] = [];
  /** Per slot of an employee: 1 in the months whose payment includes a 13th salary. */
  private readonly thirteenth: (Uint8Array | undefined)[] = [];
  /** The employee slot and the start date of each salary opened, for the exclusions and overlaps. */
  private readonly salaries = new Map<number, { slot: number; fromDate: string }>();

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
    if (table === 'salaries') {
      const slot = this.salaries.get(id)?.slot;
      if (slot !== undefined && this.payers[slot]?.[offset] === id) this.excluded[slot * this.months + offset] = 1;
      return;
    }
    const slot = this.slotsByTable[table].get(id);
    if (slot !== undefined) this.excluded[slot * this.months + offset] = 1;
  }
}
