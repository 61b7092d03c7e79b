/**
 * A scenario's levers applied to the engine's input (docs/scenarios.md "Levers"): the one place the
 * engine meets scenarios. `applyLevers(input, levers)` is pure — no I/O, no clock — and answers a new
 * input (the given one is never changed); the forecast is then computed from it as from the base,
 * so `forecast(base ⊕ levers)` is `computeForecast(applyLevers(base, levers))`. Levers compose in
 * their order; a lever whose target is gone (`targetDeleted`) changes nothing.
 *
 * Rows a lever adds get negative ids: transactions −(lever id × 1000 + k), a hire's salary and
 * employee −(lever id × 1000); `leverOfId` reads the lever back from such an id.
 */

import {
  addDays,
  addMonthsToMonth,
  cycleMonths,
  forecastHorizonEnd,
  lastDayOfMonth,
  loanCycleMonths,
  monthOf,
  paymentCalendarUpdateSchema,
  salaryFigures,
  swissPresetCost,
  swissPresets,
  thirteenthSalaryPayments,
  type Cycle,
  type CustomerLever,
  type DelayLever,
  type FiguresCost,
  type HireLever,
  type LeverInput,
  type LoanLever,
  type PercentageLever,
  type TransactionLever,
} from '@saldopilot/shared';
import { daysOfMonthIndex, parseDay } from './horizon.js';
import { forEachChangedOccurrence, scaledAmount } from './occurrence-changes.js';
import { forEachOccurrence, occurrenceSeries } from './occurrences.js';
import { applyLeave, applyRaise, type EmployeeTimeline } from './scenario-payroll.js';
import type { ForecastInput, ForecastSalary, ForecastTransaction, OccurrenceChange } from './types.js';

export { scaledAmount } from './occurrence-changes.js';

/** What the levers name by id and the engine knows by name or code. */
export interface LeverContext {
  /** Category names by id (own and system categories). */
  categoryNames: ReadonlyMap<number, string>;
  /** Currency codes by id. */
  currencyCodes: ReadonlyMap<number, string>;
  /** VAT rates in basis points by id. */
  vatBasisPoints: ReadonlyMap<number, number>;
  /** Salary cost label ids by name (a hire's costs join the base's labels of the same name). */
  labelIds?: ReadonlyMap<string, number>;
  /**
   * The salary timelines of the employees a raise or leave names (all for a raise of everyone), by
   * employee id: those levers compute them anew by the employees area's rules (scenario-payroll.ts).
   * An employee missing here is left as the base has them.
   */
  employees?: ReadonlyMap<number, EmployeeTimeline>;
}

/** One lever as the apply step takes it. */
export interface AppliedLever {
  id: number;
  lever: LeverInput;
  /** The base row it names is gone ("Ziel gelöscht"): it changes nothing. */
  targetDeleted: boolean;
}

/** The category names of a loan's two rows (docs/scenarios.md "Loan"). */
export const LOAN_CATEGORIES = { disbursement: 'Darlehen', payments: 'Zins und Amortisation' } as const;
/** The category of a one-off or added row without one of its own. */
export const SCENARIO_CATEGORY = 'Szenario';

const ID_SPACE = 1000;
/** The id of the `k`-th row lever `leverId` adds (k < 1000). */
export function addedId(leverId: number, k: number): number {
  return -(leverId * ID_SPACE + k);
}
/** The lever that added the row of a negative id, or null for a base row. */
export function leverOfId(id: number): number | null {
  return id < 0 ? Math.floor(-id / ID_SPACE) : null;
}

/** The last day the input's horizon reaches. */
function horizonEndOf(input: ForecastInput): string {
  return lastDayOfMonth(addMonthsToMonth(monthOf(input.today), input.months - 1));
}

/** The dates of a transaction's occurrences on or after `from` up to `until`, in order. */
export function occurrenceDates(
  transaction: Pick<ForecastTransaction, 'type' | 'cycle' | 'startDate' | 'endDate'>,
  from: string,
  until: string,
): string[] {
  const step = transaction.type === 'single' ? 0 : cycleMonths[transaction.cycle as Cycle];
  const series = occurrenceSeries(transaction.startDate, step, transaction.endDate);
  const first = parseDay(from);
  const dates: string[] = [];
  forEachOccurrence(series, first.monthIndex, parseDay(until).monthIndex, (month, day) => {
    const date = dateOfMonthDay(month, day);
    if (date >= from && date <= until) dates.push(date);
  });
  return dates;
}

/** The transaction up to the day before `from`, or null when it has no occurrence before it. */
function headBefore(transaction: ForecastTransaction, from: string): ForecastTransaction | null {
  if (transaction.startDate >= from) return null;
  if (transaction.type === 'single') return transaction;
  const end = addDays(from, -1);
  return {
    ...transaction,
    endDate: transaction.endDate !== null && transaction.endDate < end ? transaction.endDate : end,
  };
}

/**
 * The occurrences on or after `from` as rows of their own: singles for clamped ones (a day the
 * month lacks), then the rest as one repeating row from the first occurrence on the start's own
 * day, so the dates stay exactly those of the original.
 */
function tailFrom(transaction: ForecastTransaction, from: string, until: string): ForecastTransaction[] {
  const dates = occurrenceDates(transaction, from, until);
  if (transaction.type === 'single') return dates.length > 0 ? [transaction] : [];
  const anchorDay = Number(transaction.startDate.slice(8, 10));
  const rows: ForecastTransaction[] = [];
  for (const date of dates) {
    if (Number(date.slice(8, 10)) === anchorDay) {
      rows.push({ ...transaction, startDate: date });
      return rows;
    }
    rows.push(single(transaction, date));
  }
  return rows;
}

function single(transaction: ForecastTransaction, date: string, amount = transaction.amount): ForecastTransaction {
  return { ...transaction, type: 'single', cycle: null, startDate: date, endDate: null, amount };
}

type Target = {
  transactionId?: number | undefined;
  categoryId?: number | undefined;
  side?: 'revenue' | 'expense' | undefined;
};

function matches(transaction: ForecastTransaction, target: Target, context: LeverContext): boolean {
  if (target.transactionId !== undefined) return transaction.id === target.transactionId;
  if (target.categoryId !== undefined) return transaction.categoryName === context.categoryNames.get(target.categoryId);
  if (target.side === 'revenue') return transaction.amount > 0;
  if (target.side === 'expense') return transaction.amount < 0;
  return false;
}

function addTo<K>(index: Map<K, number[]>, key: K, group: number): void {
  const groups = index.get(key);
  if (groups) groups.push(group);
  else index.set(key, [group]);
}

/**
 * The transactions as the levers so far left them (docs/scenarios.md "Implementation"): the rows
 * each row of the input (or a lever) became, in the input's order, with an index by id and by
 * category built once, so a lever that names one row or one category touches only those instead of
 * scanning every transaction. Rows not touched stay the same objects.
 */
class Rows {
  /** The rows an input row (by its index) became, where a lever rewrote it. */
  private readonly replaced = new Map<number, ForecastTransaction[]>();
  /** The rows levers added, each a group of its own after the input's (index input.length + k). */
  private readonly added: ForecastTransaction[][] = [];
  /** Groups by id and by category name, each built at the first lever that names one. */
  private byId?: Map<number, number[]>;
  private byCategory?: Map<string, number[]>;
  private changed = false;

  constructor(private readonly input: readonly ForecastTransaction[]) {}

  private rowsOf(group: number): ForecastTransaction[] {
    const count = this.input.length;
    return (
      this.replaced.get(group) ??
      (group < count
        ? [this.input[group] as ForecastTransaction]
        : (this.added[group - count] as ForecastTransaction[]))
    );
  }

  /** The groups by a key of their first row (parts keep the id and the category of their row). */
  private indexBy<K>(key: (row: ForecastTransaction) => K): Map<K, number[]> {
    const index = new Map<K, number[]>();
    const count = this.input.length;
    for (let group = 0; group < count + this.added.length; group++) {
      const row = (group < count ? this.input[group] : this.added[group - count]?.[0]) as ForecastTransaction;
      addTo(index, key(row), group);
    }
    return index;
  }

  /** Adds rows after all others (a lever's own rows). */
  add(rows: readonly ForecastTransaction[]): void {
    for (const row of rows) {
      this.added.push([row]);
      const group = this.input.length + this.added.length - 1;
      if (this.byId) addTo(this.byId, row.id, group);
      if (this.byCategory) addTo(this.byCategory, row.categoryName, group);
    }
    this.changed ||= rows.length > 0;
  }

  /** The groups that may hold rows the target names (a side: all). Parts keep id and category. */
  private candidates(target: Target, context: LeverContext): Iterable<number> {
    if (target.transactionId !== undefined) {
      this.byId ??= this.indexBy((row) => row.id);
      return this.byId.get(target.transactionId) ?? [];
    }
    if (target.categoryId !== undefined) {
      const name = context.categoryNames.get(target.categoryId);
      this.byCategory ??= this.indexBy((row) => row.categoryName);
      return name === undefined ? [] : (this.byCategory.get(name) ?? []);
    }
    return Array.from({ length: this.input.length + this.added.length }, (_, group) => group);
  }

  /** Rewrites the rows the target names; the others stay the same objects. */
  rewrite(
    target: Target,
    context: LeverContext,
    change: (transaction: ForecastTransaction) => ForecastTransaction[],
  ): void {
    for (const group of this.candidates(target, context)) {
      const rows = this.rowsOf(group);
      if (!rows.some((row) => matches(row, target, context))) continue;
      this.replaced.set(
        group,
        rows.flatMap((row) => (matches(row, target, context) ? change(row) : [row])),
      );
      this.changed = true;
    }
  }

  /** The transactions in order: the input's own array when no lever changed any. */
  list(): readonly ForecastTransaction[] {
    if (!this.changed) return this.input;
    const { replaced } = this;
    const rows: ForecastTransaction[] = [];
    this.input.forEach((row, group) => {
      const parts = replaced.get(group);
      if (parts === undefined) rows.push(row);
      else rows.push(...parts);
    });
    this.added.forEach((group, k) => rows.push(...(replaced.get(this.input.length + k) ?? group)));
    return rows;
  }
}

/** The row with one more change of its occurrences (applied after the ones it has). */
function withChange(transaction: ForecastTransaction, change: OccurrenceChange): ForecastTransaction {
  return { ...transaction, occurrenceChanges: [...(transaction.occurrenceChanges ?? []), change] };
}

/**
 * A row with changes of its occurrences as the rows it stands for: itself up to the earliest
 * change's date, then its occurrences up to `until` as single rows with their changed dates and
 * amounts (what the apply step made of delays and percentages before they were applied during the
 * occurrences' generation). A lever that cuts a transaction (change, stop, lost customer) cuts
 * these, so it meets the occurrences where the levers before it moved them. Rows without changes
 * are answered as they are.
 */
function materialised(transaction: ForecastTransaction, until: string): ForecastTransaction[] {
  const changes = transaction.occurrenceChanges;
  if (changes === undefined || changes.length === 0) return [transaction];
  const { occurrenceChanges: _changes, ...plain } = transaction;
  const from = changes.reduce((earliest, change) => (change.from < earliest ? change.from : earliest), until);
  const step = plain.type === 'single' ? 0 : cycleMonths[plain.cycle as Cycle];
  const series = occurrenceSeries(plain.startDate, step, plain.endDate);
  const rows = nonNull(headBefore(plain, from));
  // An occurrence due before the earliest change's date is unchanged, one due on or after it stays on or after it.
  forEachChangedOccurrence(
    series,
    plain.amount,
    changes,
    parseDay(from).monthIndex,
    parseDay(until).monthIndex,
    (month, day, amount) => {
      const date = dateOfMonthDay(month, day);
      if (date >= from) rows.push(single(plain, date, amount));
    },
  );
  return rows;
}

function dateOfMonthDay(month: number, day: number): string {
  return `${String(Math.floor(month / 12)).padStart(4, '0')}-${String((month % 12) + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function codeOf(context: LeverContext, currencyId: number, fallback: string): string {
  return context.currencyCodes.get(currencyId) ?? fallback;
}

// ---------------------------------------------------------------------------------------------
// Loan
// ---------------------------------------------------------------------------------------------

/** One payment of a loan: interest and principal (repayment) in minor units, on `date`. */
export interface LoanPayment {
  date: string;
  interest: number;
  principal: number;
  total: number;
}

/** round(a / b) half away from zero, for a ≥ 0, b > 0 (BigInt). */
function divRound(a: bigint, b: bigint): bigint {
  return (a * 2n + b) / (2n * b);
}

/**
 * The payments of a loan (docs/scenarios.md "Loan"): one cycle apart from the disbursement, first
 * `interestOnlyPayments` of interest only, then `payments` repayments. Interest per payment =
 * balance × yearly rate × cycle months ÷ 12, rounded once to the Rappen. Annuity: the payment
 * P·r / (1 − (1 + r)^−n) rounded once, its principal = payment − interest; linear: principal
 * round(P / n). The last payment takes the remaining balance, so the principals sum to P exactly.
 */
export function loanSchedule(
  lever: Pick<
    LoanLever,
    'date' | 'amount' | 'ratePercent' | 'repayment' | 'cycle' | 'payments' | 'interestOnlyPayments'
  >,
): LoanPayment[] {
  const months = loanCycleMonths[lever.cycle];
  // The rate in millionths of a percent per year is exact for four decimals.
  const rateUnits = BigInt(Math.round(lever.ratePercent * 10_000));
  const denominator = 100n * 10_000n * 12n;
  const interestOn = (balance: number) => Number(divRound(BigInt(balance) * rateUnits * BigInt(months), denominator));
  const dateOf = (k: number) => {
    const day = Number(lever.date.slice(8, 10));
    const month = addMonthsToMonth(monthOf(lever.date), k * months);
    const monthIndex = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1;
    const days = daysOfMonthIndex(monthIndex);
    return `${month}-${String(Math.min(day, days)).padStart(2, '0')}`;
  };
  const r = (lever.ratePercent / 100) * (months / 12);
  const n = lever.payments;
  const annuity = r === 0 ? Math.round(lever.amount / n) : Math.round((lever.amount * r) / (1 - (1 + r) ** -n));
  const linear = Math.round(lever.amount / n);
  const payments: LoanPayment[] = [];
  let k = 1;
  for (let i = 0; i < (lever.interestOnlyPayments ?? 0); i++, k++) {
    const interest = interestOn(lever.amount);
    payments.push({ date: dateOf(k), interest, principal: 0, total: interest });
  }
  let balance = lever.amount;
  for (let i = 1; i <= n; i++, k++) {
    const interest = interestOn(balance);
    let principal = lever.repayment === 'annuity' ? annuity - interest : linear;
    if (i === n || principal > balance) principal = balance;
    if (principal < 0) principal = 0;
    balance -= principal;
    payments.push({ date: dateOf(k), interest, principal, total: interest + principal });
  }
  return payments;
}

// ---------------------------------------------------------------------------------------------
// Hire
// ---------------------------------------------------------------------------------------------

/**
 * The salary of a hire as the engine takes it (docs/scenarios.md "Hire"): a monthly salary with the
 * Swiss presets of the employees area at their catalogue rates (`swissPresetCost`: AHV/IV/EO, ALV
 * and UVG with their ceilings, FAK, KTG, BVG as the legal minimum by age), its cost schedules,
 * deductions and 13th salary computed by the same salary rules (`salaryFigures`) as a stored salary's.
 */
export function hireSalary(
  leverId: number,
  lever: HireLever,
  currency: string,
  today: string,
  labelIds: ReadonlyMap<string, number> = new Map(),
): ForecastSalary {
  // The same lever gives the same salary: a scenario's forecast computed again after an edit of
  // another lever (or the comparison) reuses its hires instead of computing their schedules anew.
  const key = JSON.stringify([leverId, lever, currency, today, [...labelIds]]);
  const kept = hires.get(key);
  if (kept !== undefined) return kept;
  const salary = computedHire(leverId, lever, currency, today, labelIds);
  if (hires.size >= HIRES_KEPT) hires.delete(hires.keys().next().value as string);
  hires.set(key, salary);
  return salary;
}

/** The fields a lever that adds a transaction (a new one, a won customer) fills alike. */
type AddedFields = Pick<TransactionLever, 'name' | 'amount' | 'currencyId' | 'categoryId' | 'cycle' | 'vatId'>;

/** The row a lever adds: its own id, the lever's fields, a scenario category when it names none. */
function addedRow(
  id: number,
  input: ForecastInput,
  context: LeverContext,
  lever: AddedFields,
  dates: Pick<ForecastTransaction, 'startDate' | 'endDate' | 'vatIncluded'>,
): ForecastTransaction {
  return {
    id: addedId(id, 0),
    name: lever.name ?? '',
    amount: lever.amount ?? 0,
    currency: codeOf(context, lever.currencyId ?? 0, input.currency),
    categoryName: context.categoryNames.get(lever.categoryId ?? 0) ?? SCENARIO_CATEGORY,
    type: lever.cycle ? 'repeating' : 'single',
    cycle: lever.cycle ?? null,
    isDisabled: false,
    vatBasisPoints: lever.vatId ? (context.vatBasisPoints.get(lever.vatId) ?? null) : null,
    ...dates,
  };
}

/** The hires computed last, by their content (oldest first); the salaries are never changed. */
const hires = new Map<string, ForecastSalary>();
const HIRES_KEPT = 1000;

function computedHire(
  leverId: number,
  lever: HireLever,
  currency: string,
  today: string,
  labelIds: ReadonlyMap<string, number> = new Map(),
): ForecastSalary {
  const id = addedId(leverId, 0);
  const amount = lever.basis === 'hourly' ? lever.salary * (lever.hoursPerMonth ?? 0) : lever.salary;
  const hasThirteenthSalary = lever.payments === 13;
  const salary = {
    id,
    amount,
    cycle: 'monthly' as const,
    fromDate: lever.from,
    toDate: lever.to ?? null,
    isDisabled: false,
    isTermination: false,
    hasThirteenthSalary,
    thirteenthSalaryMonth: lever.thirteenthSalaryMonth ?? 12,
    birthDate: lever.birthDate,
  };
  const presets = swissPresets.map((preset) => swissPresetCost(preset.id, salary));
  const costs: FiguresCost[] = presets.map((cost, index) => ({
    id: addedId(leverId, index + 1),
    amountType: cost.amountType,
    amount: cost.amount,
    distributionType: cost.distributionType,
    baseSalaryCostIDs: [],
    cycle: cost.cycle,
    relativeOffset: cost.relativeOffset,
    targetDate: cost.targetDate,
  }));
  const horizonEnd = forecastHorizonEnd(today);
  const extras = hasThirteenthSalary
    ? thirteenthSalaryPayments([salary], addMonthsToMonth(monthOf(today), -12), monthOf(horizonEnd))
    : [];
  const figures = salaryFigures(salary, costs, extras, today, horizonEnd);
  return {
    id,
    employeeId: id,
    employeeName: lever.name,
    amount,
    employeeDeductions: figures.deductions.employeeDeductions,
    netAdjustments: figures.netAdjustments,
    currency,
    cycle: 'monthly',
    fromDate: lever.from,
    toDate: lever.to ?? null,
    isDisabled: false,
    isTermination: false,
    costs: figures.costs.map((cost, index) => {
      const preset = presets[index] as (typeof presets)[number];
      return {
        id: cost.id,
        labelId: labelIds.get(preset.label) ?? addedId(leverId, index + 1),
        labelName: preset.label,
        cycle: preset.cycle,
        distributionType: preset.distributionType,
        relativeOffset: preset.relativeOffset,
        details: cost.schedule,
      };
    }),
  };
}

// ---------------------------------------------------------------------------------------------
// The levers
// ---------------------------------------------------------------------------------------------

function applyTransaction(
  rows: Rows,
  input: ForecastInput,
  id: number,
  lever: TransactionLever,
  context: LeverContext,
  until: string,
): void {
  if (lever.action === 'add') {
    rows.add([
      addedRow(id, input, context, lever, {
        startDate: lever.startDate ?? input.today,
        endDate: lever.cycle ? (lever.endDate ?? null) : null,
        vatIncluded: lever.vatIncluded ?? false,
      }),
    ]);
    return;
  }
  const from = lever.from as string;
  const target = { transactionId: lever.transactionId };
  if (lever.action === 'stop') {
    rows.rewrite(target, context, (row) => materialised(row, until).flatMap((t) => nonNull(headBefore(t, from))));
    return;
  }
  const change = (t: ForecastTransaction): ForecastTransaction[] => {
    const head = headBefore(t, from);
    const tail = tailFrom(t, from, until);
    const first = tail[0];
    if (first === undefined) return nonNull(head);
    const cycle = lever.cycle === undefined ? t.cycle : lever.cycle;
    const changed: ForecastTransaction = {
      ...t,
      startDate: first.startDate,
      amount: lever.amount ?? t.amount,
      type: cycle ? 'repeating' : 'single',
      cycle: cycle ?? null,
      endDate: cycle ? (lever.endDate === undefined ? t.endDate : lever.endDate) : null,
    };
    return [...nonNull(head), changed];
  };
  rows.rewrite(target, context, (row) => materialised(row, until).flatMap(change));
}

function nonNull<T>(value: T | null): T[] {
  return value === null ? [] : [value];
}

function applyCustomer(
  rows: Rows,
  input: ForecastInput,
  id: number,
  lever: CustomerLever,
  context: LeverContext,
  until: string,
): void {
  if (lever.action === 'win') {
    rows.add([addedRow(id, input, context, lever, { startDate: lever.from, endDate: null, vatIncluded: false })]);
    return;
  }
  const target = { transactionId: lever.transactionId, categoryId: lever.categoryId };
  rows.rewrite(target, context, (row) =>
    row.amount > 0 ? materialised(row, until).flatMap((t) => nonNull(headBefore(t, lever.from))) : [row],
  );
}

/** A delay: the occurrences on or after its date shifted as they are generated (occurrence-changes.ts). */
function applyDelay(rows: Rows, lever: DelayLever, context: LeverContext): void {
  rows.rewrite(lever, context, (t) => [withChange(t, { kind: 'shift', from: lever.from, days: lever.days })]);
}

/** A percentage: the occurrences in its range scaled as they are generated (occurrence-changes.ts). */
function applyPercentage(rows: Rows, lever: PercentageLever, context: LeverContext): void {
  rows.rewrite(lever, context, (t) => [
    withChange(t, { kind: 'scale', from: lever.from, to: lever.to ?? null, percent: lever.percent }),
  ]);
}

/**
 * Applies the levers in order (docs/scenarios.md "Levers compose"). Pure: a new input; rows not
 * touched stay the same objects.
 */
export function applyLevers(
  input: ForecastInput,
  levers: readonly AppliedLever[],
  context: LeverContext,
): ForecastInput {
  const until = horizonEndOf(input);
  // The salary timelines as the raise and leave levers so far left them (scenario-payroll.ts).
  const timelines = new Map(context.employees ?? []);
  let current = input;
  const rows = new Rows(input.transactions);
  for (const { id, lever, targetDeleted } of levers) {
    if (targetDeleted) continue;
    switch (lever.type) {
      case 'oneOff':
        rows.add([
          {
            id: addedId(id, 0),
            name: lever.name,
            amount: lever.amount,
            currency: codeOf(context, lever.currencyId, current.currency),
            categoryName: (lever.categoryId && context.categoryNames.get(lever.categoryId)) || SCENARIO_CATEGORY,
            type: 'single',
            cycle: null,
            startDate: lever.date,
            endDate: null,
            isDisabled: false,
            vatBasisPoints: null,
            vatIncluded: false,
          },
        ]);
        break;
      case 'loan': {
        const currency = codeOf(context, lever.currencyId, current.currency);
        const base = {
          currency,
          type: 'single' as const,
          cycle: null,
          endDate: null,
          isDisabled: false,
          vatBasisPoints: null,
          vatIncluded: false,
        };
        const added: ForecastTransaction[] = [
          {
            ...base,
            id: addedId(id, 0),
            name: lever.name,
            amount: lever.amount,
            categoryName: LOAN_CATEGORIES.disbursement,
            startDate: lever.date,
          },
          ...loanSchedule(lever).map((payment) => ({
            ...base,
            id: addedId(id, 1),
            name: lever.name,
            amount: -payment.total,
            categoryName: LOAN_CATEGORIES.payments,
            startDate: payment.date,
          })),
        ];
        rows.add(added.filter((row) => row.amount !== 0));
        break;
      }
      case 'transaction':
        applyTransaction(rows, current, id, lever, context, until);
        break;
      case 'customer':
        applyCustomer(rows, current, id, lever, context, until);
        break;
      case 'delay':
        applyDelay(rows, lever, context);
        break;
      case 'percentage':
        applyPercentage(rows, lever, context);
        break;
      case 'hire':
        current = {
          ...current,
          salaries: [
            ...current.salaries,
            hireSalary(id, lever, codeOf(context, lever.currencyId, current.currency), current.today, context.labelIds),
          ],
        };
        break;
      case 'leave':
        current = applyLeave(current, id, lever, timelines);
        break;
      case 'raise': {
        const { percent, amount = 0 } = lever;
        const scale = (salary: number) =>
          Math.max(0, percent !== undefined ? scaledAmount(salary, percent) : salary + amount);
        current = applyRaise(current, id, lever, timelines, scale);
        break;
      }
      case 'vat':
        // From its date on (docs/scenarios.md "VAT switch"): the months before keep the settings before.
        current = {
          ...current,
          vatSettingChanges: [
            ...(current.vatSettingChanges ?? []),
            {
              from: lever.from,
              setting: {
                ...lever.setting,
                netTaxRate: lever.setting.netTaxRate ?? null,
                netTaxRate2: lever.setting.netTaxRate2 ?? null,
                netTaxRate2Share: lever.setting.netTaxRate2Share ?? null,
              },
            },
          ],
          // The payment calendar from the date on (docs/scenarios.md "Payment calendar"), when the lever sets one.
          ...(lever.paymentCalendar !== undefined && {
            paymentCalendarChanges: [
              ...(current.paymentCalendarChanges ?? []),
              { from: lever.from, calendar: paymentCalendarUpdateSchema.parse(lever.paymentCalendar) },
            ],
          }),
        };
        break;
    }
  }
  const transactions = rows.list();
  return transactions === input.transactions ? current : { ...current, transactions };
}
