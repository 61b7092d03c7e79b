/**
 * The forecast as a model that follows the organisation's data (docs/forecast.md "After a write"):
 * built once from a whole input, it is brought to the next input by taking out what the changed
 * items added and adding them anew, so a write of one row costs the work of that row, not of the
 * organisation. A result (`result`) reads the ledger for any number of months up to the model's
 * horizon and any performance: exclusions, the VAT settlement and the totals are applied per result.
 *
 * The model answers exactly what a model built anew from the same input answers (the property test
 * compares them after random edits). It refuses an update (and is built anew) when what every
 * amount depends on moved: the day, the horizon, the currency, the rates or the VAT setting, or when
 * a cell left the exact range, or when deleted items left more empty slots than live ones.
 */

import { withLearnedDelays } from './learned-delays.js';
import { changesBetween } from './list-changes.js';
import {
  convertToBase,
  exactSum,
  PLAN_ACTUAL_LIMITS,
  runwayOf,
  toCents,
  type PaymentCalendar,
} from '@saldopilot/shared';
import { daysOfMonthIndex, horizonOf, parseDay, parseMonthIndex, type Horizon } from './horizon.js';
import { occurrenceState, stateRulesOf } from './occurrence-state.js';
import { Ledger } from './ledger.js';
import { checkPerformance } from './performance.js';
import { createRateBook, type RateBook } from './rates.js';
import { addSalary, isIncludedSalary } from './salaries.js';
import { addCostsOf } from './salary-costs.js';
import {
  addCalendarPayments,
  calendarsByYear,
  calendarUnion,
  hasCalendarBlocks,
  paidByCalendar,
  salaryMonthOf,
  type CalendarOfYear,
} from './payment-calendar.js';
import type { LeafNotes } from './leaf-notes.js';
import { addTransaction } from './transactions.js';
import { overdueLeaves, closeCells, dateOf, ledgerOccurrences, type TransactionStarts } from './planned-occurrences.js';
import { buildRows, detailsOfTable, monthTotals, orderSlots, type MonthTotals, type SlotOrder } from './tree.js';
import type {
  ForecastInput,
  ForecastMonth,
  ForecastResult,
  ForecastSalary,
  ForecastSalaryCost,
  ForecastTransaction,
  ForecastVatSetting,
  PlannedOccurrence,
} from './types.js';
import type { VatCollector, VatParts } from './vat-settlement.js';
import { sameVatChanges, vatCollectorOf } from './vat-switch.js';

/** What a result asks for: its months (1 … the model's horizon), performance, and whether the tree. */
export interface ResultQuery {
  months: number;
  performance: number;
  /** False: `details` stays empty and only the totals are computed (the cheaper answer). */
  details?: boolean;
}

function sameTransaction(a: ForecastTransaction, b: ForecastTransaction): boolean {
  return (
    a.id === b.id &&
    a.name === b.name &&
    a.amount === b.amount &&
    a.currency === b.currency &&
    a.categoryName === b.categoryName &&
    a.type === b.type &&
    a.cycle === b.cycle &&
    a.startDate === b.startDate &&
    a.endDate === b.endDate &&
    a.isDisabled === b.isDisabled &&
    a.vatBasisPoints === b.vatBasisPoints &&
    a.vatIncluded === b.vatIncluded &&
    // A scenario's changes of the occurrences (occurrence-changes.ts) are kept as one array per row.
    a.occurrenceChanges === b.occurrenceChanges
  );
}

function sameAdjustments(a: ForecastSalary['netAdjustments'], b: ForecastSalary['netAdjustments']): boolean {
  if (a === b) return true;
  const left = a ?? [];
  const right = b ?? [];
  return (
    left.length === right.length &&
    left.every((entry, i) => {
      const other = right[i];
      return (
        other !== undefined &&
        entry.month === other.month &&
        entry.amount === other.amount &&
        (entry.thirteenthSalary ?? false) === (other.thirteenthSalary ?? false)
      );
    })
  );
}

/** Costs compare by identity: the API keeps a salary's cost list while none of its costs changed. */
function sameSalary(a: ForecastSalary, b: ForecastSalary): boolean {
  return (
    a.id === b.id &&
    a.employeeId === b.employeeId &&
    a.employeeName === b.employeeName &&
    a.amount === b.amount &&
    a.employeeDeductions === b.employeeDeductions &&
    a.currency === b.currency &&
    a.cycle === b.cycle &&
    a.fromDate === b.fromDate &&
    a.toDate === b.toDate &&
    a.isDisabled === b.isDisabled &&
    a.isTermination === b.isTermination &&
    a.costs === b.costs &&
    sameAdjustments(a.netAdjustments, b.netAdjustments)
  );
}

function sameVatSetting(a: ForecastVatSetting | null, b: ForecastVatSetting | null): boolean {
  if (a === null || b === null) return a === b;
  return (
    a.enabled === b.enabled &&
    a.billingDate === b.billingDate &&
    a.interval === b.interval &&
    a.transactionMonthOffset === b.transactionMonthOffset &&
    a.paymentTerm === b.paymentTerm &&
    a.method === b.method &&
    a.netTaxRate === b.netTaxRate &&
    a.netTaxRate2 === b.netTaxRate2 &&
    a.netTaxRate2Share === b.netTaxRate2Share &&
    (a.previousYearTax ?? null) === (b.previousYearTax ?? null)
  );
}

function sameRates(a: Readonly<Record<string, number>>, b: Readonly<Record<string, number>>): boolean {
  if (a === b) return true;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((code) => Object.hasOwn(b, code) && a[code] === b[code]);
}

/**
 * Slots kept free for the cost labels (one slot each) beyond the items: labels are few, and counting
 * them meant a walk over every cost (24,000 in the big organisation) on each build; a model with
 * more labels grows its ledger once.
 */
const LABEL_SLOTS = 32;

/** One model's share of a period's occurrences: its input (today = its first day) and the days it answers. */
export interface OccurrencePart {
  input: ForecastInput;
  from: string;
  to: string;
}

/**
 * The models that list the occurrences of [`from`, `to`] (docs/plan-actual.md "Planned
 * occurrences"): the months before today's planned with the past figures (`pastSalaries`), today's
 * month and later with today's, nothing closed. Each model starts on a fixed day whatever the period
 * — the past one PLAN_ACTUAL_LIMITS.monthsBack months before today's month (or `from` when earlier)
 * — because the rhythm of a cost paid every k months follows a model's first month: any period then
 * lists what the whole plan lists for its days. The other starts in today's month on `from` or its
 * 1st, as the forecast's own model (its VAT settlement collects from its first day). At most two
 * parts; none when the period is empty.
 */
export function occurrenceParts(input: ForecastInput, from: string, to: string): OccurrencePart[] {
  if (to < from) return [];
  const current = parseDay(input.today).monthIndex;
  const monthStart = dateOf(current, 1);
  const pastStart = dateOf(current - PLAN_ACTUAL_LIMITS.monthsBack, 1);
  const part = (salaries: readonly ForecastSalary[], first: string, start: string, end: string): OccurrencePart => ({
    input: {
      ...input,
      salaries,
      today: first,
      months: parseDay(end).monthIndex - parseDay(first).monthIndex + 1,
      closedOccurrences: [],
      dismissedOccurrences: [],
      coverage: null,
    },
    from: start,
    to: end,
  });
  const parts: OccurrencePart[] = [];
  if (from < monthStart) {
    const end = to < monthStart ? to : addDayBefore(monthStart);
    parts.push(part(input.pastSalaries ?? input.salaries, from < pastStart ? from : pastStart, from, end));
  }
  if (to >= monthStart) {
    const start = from < monthStart ? monthStart : from;
    parts.push(part(input.salaries, start, start, to));
  }
  return parts;
}

/** The day before a month's first day: the previous month's last. */
function addDayBefore(monthStart: string): string {
  const month = parseDay(monthStart).monthIndex - 1;
  return dateOf(month, daysOfMonthIndex(month));
}

export class ForecastModel {
  private readonly horizon: Horizon;
  private readonly rates: RateBook;
  private readonly vat: VatCollector | null;
  private readonly ledger: Ledger;
  /** The payment calendar when it has a block (docs/payment-calendar.md), else null: costs as always. */
  private readonly calendar: PaymentCalendar | null;
  /** How the calendar's payments were computed (docs/payment-calendar.md "Explanations"), set by `build`. */
  private calendarNotes: LeafNotes = new Map();
  /** How the annual VAT instalments were computed, written by the last settlement. */
  private vatNotes: LeafNotes = new Map();
  /** The calendar of each year when a scenario changes it from a date, else null: `calendar` throughout. */
  private readonly calendarOf: CalendarOfYear | null;
  /** What the ledger holds, by id. */
  private readonly transactions = new Map<number, ForecastTransaction>();
  private readonly salaries = new Map<number, ForecastSalary>();
  /** The ids of each employee's salaries the model holds: an employee is added anew without a walk of all salaries. */
  private readonly salariesOfEmployee = new Map<number, Set<number>>();
  /** How many items of the ledger are in each currency: the codes without a rate are shown as missing. */
  private readonly currencyUses = new Map<string, number>();
  private input: ForecastInput;
  private slotOrder?: { layoutVersion: number; order: SlotOrder };
  /** The models of the days before today that hold the overdue occurrences, kept between inputs. */
  private past: (ForecastModel | undefined)[] = [];
  /** The overdue occurrences of the last input. */
  private overdueOf?: { input: ForecastInput; occurrences: PlannedOccurrence[] };
  /** The start of a transaction the model holds (the day of its occurrences). */
  private readonly startOf: TransactionStarts = (kind, id) => {
    if (kind === 'salaries') {
      const salary = this.salaries.get(id);
      return salary && parseDay(salary.fromDate);
    }
    const transaction = this.transactions.get(id);
    return transaction && parseDay(transaction.startDate);
  };

  private constructor(input: ForecastInput) {
    this.input = input;
    this.horizon = horizonOf(input.today, input.months);
    this.rates = createRateBook(input.currency, input.rates);
    this.vat = vatCollectorOf(input.vatSetting, input.vatSettingChanges, this.horizon);
    const changes = input.paymentCalendarChanges ?? [];
    const union = changes.length === 0 ? input.paymentCalendar : calendarUnion(input.paymentCalendar, changes);
    this.calendar = hasCalendarBlocks(union) ? union : null;
    this.calendarOf = changes.length === 0 ? null : calendarsByYear(input.paymentCalendar, changes);
    const capacity = input.transactions.length + input.salaries.length + LABEL_SLOTS + 1;
    this.ledger = new Ledger(this.horizon.count, capacity);
  }

  /** A model of `input`, its horizon `input.months` (the performance is a result's). */
  static build(input: ForecastInput): ForecastModel {
    const model = new ForecastModel(input);
    // The maps filled in the same walk: mapping the lists into [id, item] pairs first allocated one
    // array per item and showed in the build's profile (docs/forecast.md "Speed").
    const { transactions, salaries } = model;
    for (const transaction of input.transactions) {
      transactions.set(transaction.id, transaction);
      model.putTransaction(transaction, 1);
    }
    for (const salary of input.salaries) {
      salaries.set(salary.id, salary);
      model.indexSalary(salary, 1);
      model.putSalary(salary, 1);
    }
    for (const salary of input.salaries) addSalary(salary, model.horizon, model.rates, model.ledger);
    if (model.calendar !== null) {
      const { calendar, calendarOf } = model;
      const ofYear = calendarOf ?? undefined;
      const sink = { notes: model.calendarNotes, currency: input.currency };
      addCalendarPayments(
        input.salaries,
        calendar,
        input.today,
        model.horizon,
        model.rates,
        model.ledger,
        sink,
        ofYear,
      );
    }
    return model;
  }

  /**
   * Brings the model to `input`: only the transactions and salaries that differ from the model's
   * are taken out and added anew, and an employee with a changed salary is added anew as a whole
   * (one leaf across their salaries). Answers false, changing nothing, when the model cannot follow
   * (see the file comment); then build a new one.
   */
  update(input: ForecastInput): boolean {
    const before = this.input;
    if (
      input.today !== before.today ||
      input.months !== before.months ||
      input.currency !== before.currency ||
      !sameRates(input.rates, before.rates) ||
      !sameVatSetting(input.vatSetting, before.vatSetting) ||
      !sameVatChanges(input.vatSettingChanges, before.vatSettingChanges, sameVatSetting) ||
      // The calendar's payments sum over all salaries: a model with a calendar is built anew.
      this.calendar !== null ||
      hasCalendarBlocks(input.paymentCalendar) ||
      (input.paymentCalendarChanges?.length ?? 0) > 0 ||
      this.ledger.inexact
    ) {
      return false;
    }
    // The same list as the model's is the same items (inputs are never changed in place): a write
    // of one kind walks only its own kind's list (docs/forecast.md "Speed").
    if (input.transactions !== before.transactions) {
      const changes = changesBetween(before.transactions, input.transactions);
      if (changes === undefined) this.updateTransactions(input.transactions);
      else for (const [id, transaction] of changes) this.replaceTransaction(id, transaction);
    }
    if (input.salaries !== before.salaries) {
      const changes = changesBetween(before.salaries, input.salaries);
      if (changes === undefined) this.updateSalaries(input.salaries);
      else this.replaceSalaries(changes);
    }
    this.input = input;
    const live = this.transactions.size + this.salaries.size + 64;
    return !this.ledger.inexact && this.ledger.size <= 2 * live;
  }

  /**
   * The kept map is changed in place: a walk that finds every item the same object (the common
   * case after a one-row write) allocates nothing, where building a new map of 10,000 entries per
   * read showed in the profile of a read after a write.
   */
  private updateTransactions(transactions: readonly ForecastTransaction[]): void {
    const kept = this.transactions;
    let found = 0;
    const added: ForecastTransaction[] = [];
    for (const transaction of transactions) {
      const previous = kept.get(transaction.id);
      if (previous === undefined) {
        added.push(transaction);
        continue;
      }
      found++;
      if (previous === transaction) continue;
      kept.set(transaction.id, transaction);
      if (sameTransaction(previous, transaction)) continue;
      this.putTransaction(previous, -1);
      this.putTransaction(transaction, 1);
    }
    // Ids are unique, so every kept item was found unless some were deleted: only then look for them.
    if (found < kept.size) {
      const live = new Set(transactions.map((transaction) => transaction.id));
      for (const [id, previous] of kept) {
        if (live.has(id)) continue;
        this.putTransaction(previous, -1);
        kept.delete(id);
      }
    }
    for (const transaction of added) {
      kept.set(transaction.id, transaction);
      this.putTransaction(transaction, 1);
    }
  }

  /**
   * The transaction of `id` brought to `transaction` (undefined: deleted), for an update that knows
   * the changed ids (list-changes.ts): the work of that one row.
   */
  private replaceTransaction(id: number, transaction: ForecastTransaction | undefined): void {
    const kept = this.transactions;
    const previous = kept.get(id);
    if (previous === transaction) return;
    if (transaction === undefined) kept.delete(id);
    else kept.set(id, transaction);
    if (previous !== undefined && transaction !== undefined && sameTransaction(previous, transaction)) return;
    if (previous !== undefined) this.putTransaction(previous, -1);
    if (transaction !== undefined) this.putTransaction(transaction, 1);
  }

  private updateSalaries(salaries: readonly ForecastSalary[]): void {
    // In place, as the transactions (see `updateTransactions`), as a list of changes.
    const kept = this.salaries;
    const changes = new Map<number, ForecastSalary | undefined>();
    let found = 0;
    for (const salary of salaries) {
      const previous = kept.get(salary.id);
      if (previous !== undefined) found++;
      if (previous !== salary) changes.set(salary.id, salary);
    }
    if (found < kept.size) {
      const live = new Set(salaries.map((salary) => salary.id));
      for (const id of kept.keys()) if (!live.has(id)) changes.set(id, undefined);
    }
    this.replaceSalaries(changes);
  }

  /**
   * The salaries of the ids in `changes` brought to their new items (undefined: deleted); an
   * employee with a changed salary is emptied and added anew from all their salaries (one slot).
   */
  private replaceSalaries(changes: ReadonlyMap<number, ForecastSalary | undefined>): void {
    const kept = this.salaries;
    /** The employees to add anew, with the salary ids their slot may still name. */
    const changedEmployees = new Map<number, number[]>();
    const touch = (salary: ForecastSalary) => {
      const ids = changedEmployees.get(salary.employeeId);
      if (ids === undefined) changedEmployees.set(salary.employeeId, [salary.id]);
      else ids.push(salary.id);
    };
    for (const [id, salary] of changes) {
      const previous = kept.get(id);
      if (previous === salary) continue;
      if (salary === undefined) kept.delete(id);
      else kept.set(id, salary);
      if (previous !== undefined && salary !== undefined && sameSalary(previous, salary)) continue;
      if (previous !== undefined) {
        this.indexSalary(previous, -1);
        this.putSalary(previous, -1);
        touch(previous);
      }
      if (salary !== undefined) {
        this.indexSalary(salary, 1);
        this.putSalary(salary, 1);
        touch(salary);
      }
    }
    // An employee's payments are one slot: emptied and filled again from all their salaries.
    for (const [employeeId, touched] of changedEmployees) {
      const current = this.salariesOfEmployee.get(employeeId);
      this.ledger.clearEmployee(employeeId, current === undefined ? touched : [...touched, ...current]);
      if (current === undefined) continue;
      for (const id of current) addSalary(kept.get(id) as ForecastSalary, this.horizon, this.rates, this.ledger);
    }
  }

  /** Adds (1) or removes (−1) the salary in its employee's set of salary ids. */
  private indexSalary(salary: ForecastSalary, sign: 1 | -1): void {
    const ids = this.salariesOfEmployee.get(salary.employeeId);
    if (sign === 1) {
      if (ids === undefined) this.salariesOfEmployee.set(salary.employeeId, new Set([salary.id]));
      else ids.add(salary.id);
    } else if (ids !== undefined) {
      ids.delete(salary.id);
      if (ids.size === 0) this.salariesOfEmployee.delete(salary.employeeId);
    }
  }

  private countCurrency(code: string, sign: 1 | -1): void {
    this.currencyUses.set(code, (this.currencyUses.get(code) ?? 0) + sign);
  }

  private putTransaction(transaction: ForecastTransaction, sign: 1 | -1): void {
    if (!transaction.isDisabled) this.countCurrency(transaction.currency, sign);
    addTransaction(transaction, this.horizon, this.rates, this.ledger, this.vat, sign);
  }

  /** The salary's costs (its payments go with its employee's slot, see `updateSalaries`). */
  private putSalary(salary: ForecastSalary, sign: 1 | -1): void {
    if (isIncludedSalary(salary)) this.countCurrency(salary.currency, sign);
    const { calendar, calendarOf } = this;
    if (calendar === null) addCostsOf(salary, this.horizon, this.rates, this.ledger, sign);
    else if (calendarOf === null) {
      addCostsOf(salary, this.horizon, this.rates, this.ledger, sign, (cost) => paidByCalendar(calendar, cost));
    } else {
      // A calendar from a date: a payment goes by the calendar of the year of the salary month it pays.
      const paidIn = (cost: ForecastSalaryCost, month: number) =>
        paidByCalendar(calendarOf(Math.floor(salaryMonthOf(cost, month) / 12)), cost);
      addCostsOf(salary, this.horizon, this.rates, this.ledger, sign, undefined, paidIn);
    }
  }

  /** The codes in use without a rate (the organisation currency never is one), in code order. */
  private missingRates(): string[] {
    const { rates, currency, bankAccounts } = this.input;
    const missing = new Set<string>();
    const rateless = (code: string) => code !== currency && !Object.hasOwn(rates, code);
    for (const [code, uses] of this.currencyUses) if (uses > 0 && rateless(code)) missing.add(code);
    for (const account of bankAccounts) if (rateless(account.currency)) missing.add(account.currency);
    return [...missing].sort();
  }

  private orderOfSlots(): SlotOrder {
    const { layoutVersion } = this.ledger;
    if (this.slotOrder?.layoutVersion !== layoutVersion) {
      this.slotOrder = { layoutVersion, order: orderSlots(this.ledger) };
    }
    return this.slotOrder.order;
  }

  /**
   * The ledger as a result reads it: the exclusions of the input applied and the VAT settlement
   * written up to the month index `last` at `performance`; answers the settlement's parts.
   */
  private prepareCells(performance: number, last: number): Map<number, VatParts> | undefined {
    const { horizon, ledger, input } = this;
    ledger.clearExclusions();
    for (const exclusion of input.exclusions) {
      const offset = parseMonthIndex(exclusion.month) - horizon.first;
      if (offset >= 0 && offset < horizon.count) ledger.exclude(exclusion.relatedTable, exclusion.relatedId, offset);
    }
    this.vatNotes = new Map();
    return this.vat?.settle(ledger, performance, last, { notes: this.vatNotes, currency: input.currency });
  }

  /**
   * The planned occurrences due in [`from`, `to`] within the model's horizon (docs/plan-actual.md
   * "Planned occurrences"): before performance, the exclusions applied; closed ones included.
   */
  occurrences(from: string, to: string): PlannedOccurrence[] {
    this.prepareCells(100, this.horizon.last);
    return ledgerOccurrences(this.ledger, this.horizon.first, this.startOf, from, to);
  }

  /**
   * The overdue occurrences of the input, as the forecast's first month counts them (docs/plan-actual.md
   * "The forecast counts nothing twice"): what "Entfällt" for many at once works on.
   */
  overdueOccurrences(): PlannedOccurrence[] {
    return [...this.overdue()];
  }

  /**
   * The overdue occurrences of the input (docs/plan-actual.md "One state per occurrence"): those of
   * the days from the first covered day to yesterday whose state is `overdue`, from the models of
   * those days (`occurrenceParts`), which follow the input as this one does.
   */
  private overdue(): PlannedOccurrence[] {
    const { input } = this;
    if (this.overdueOf?.input === input) return this.overdueOf.occurrences;
    const rules = stateRulesOf(input);
    const from = rules.coveredFrom;
    if (from === null) return [];
    const today = parseDay(input.today);
    const yesterday =
      today.day > 1
        ? dateOf(today.monthIndex, today.day - 1)
        : dateOf(today.monthIndex - 1, daysOfMonthIndex(today.monthIndex - 1));
    const occurrences = occurrenceParts(input, from, yesterday).flatMap((part, index) => {
      let model = this.past[index];
      if (!model?.update(part.input)) this.past[index] = model = ForecastModel.build(part.input);
      return model
        .occurrences(part.from, part.to)
        .filter((occurrence) => occurrenceState(occurrence, rules) === 'overdue');
    });
    this.overdueOf = { input, occurrences };
    return occurrences;
  }

  /**
   * The forecast of the model's data for `months` (≤ the model's horizon) and `performance`. The
   * exclusions, the start balance and the minimum balance are the last input's.
   * @throws RangeError on months outside the model's horizon; AmountOverflowError when a total is
   * too large to be exact.
   */
  result({ months, performance, details: withDetails = true }: ResultQuery): ForecastResult {
    const { horizon, ledger, input } = this;
    checkPerformance(performance);
    if (!Number.isInteger(months) || months < 1 || months > horizon.count) {
      throw new RangeError(`months must be 1–${horizon.count}: ${months}`);
    }
    const minimumBalance = toCents(input.minimumBalance);
    // The start balance: all accounts, each converted and rounded on its own.
    let startBalance = 0;
    for (const account of input.bankAccounts) {
      startBalance += convertToBase(account.amount, this.rates.rateOf(account.currency));
    }
    exactSum(startBalance, 'The start balance');

    const vatParts = this.prepareCells(performance, horizon.first + months - 1);
    closeCells(ledger, horizon.first, this.startOf, input.closedOccurrences ?? []);

    const keys = horizon.keys.slice(0, months);
    const overdue = overdueLeaves(this.overdue(), performance);
    // Learned delays move future occurrences in the result only (learned-delays.ts).
    const built = withLearnedDelays(ledger, horizon.first, parseDay(input.today), this.transactions.values(), () =>
      withDetails
        ? buildRows(ledger, keys, performance, vatParts, this.orderOfSlots(), overdue.leaves)
        : { table: undefined, totals: monthTotals(ledger, months, performance) },
    );
    const totals: MonthTotals[] = built.totals;
    if (overdue.leaves.length > 0) {
      const first = totals[0] as MonthTotals;
      totals[0] = { revenue: first.revenue + overdue.revenue, expense: first.expense + overdue.expense };
    }

    const rows: ForecastMonth[] = [];
    let saldo = startBalance;
    for (let i = 0; i < months; i++) {
      const { revenue, expense } = totals[i] as MonthTotals;
      // Each side sums leaves of one sign, so no leaf or category is larger than its side's total.
      exactSum(revenue, 'The revenue of a month');
      exactSum(expense, 'The expense of a month');
      const cashflow = revenue + expense;
      saldo = exactSum(saldo + cashflow, 'The end balance of a month');
      rows.push({ month: keys[i] as string, revenue, expense, cashflow, saldo });
    }
    const result: ForecastResult = {
      currency: input.currency,
      startBalance,
      missingRates: this.missingRates(),
      months: rows,
      details: [],
      runway: runwayOf(rows, minimumBalance),
      ...(withDetails && this.calendarNotes.size + this.vatNotes.size > 0 ? { notes: this.notesOf() } : {}),
    };
    const table = built.table;
    if (table !== undefined) {
      // Not enumerable: a result compares and serialises as before; the rows are there to be read.
      Object.defineProperty(result, 'detailRows', { value: table, enumerable: false });
      // The tree per month only when read (docs/forecast.md "Details in columns"): the engine builds
      // the rows; an answer that still sends the tree pays for it, once.
      let tree: ForecastResult['details'] | undefined;
      Object.defineProperty(result, 'details', {
        enumerable: true,
        configurable: true,
        get: () => (tree ??= detailsOfTable(table)),
        set: (value: ForecastResult['details']) => {
          tree = value;
        },
      });
    }
    return result;
  }

  /** The notes of the calendar's payments and the VAT instalments, as one map. */
  private notesOf(): LeafNotes {
    if (this.vatNotes.size === 0) return this.calendarNotes;
    if (this.calendarNotes.size === 0) return this.vatNotes;
    return new Map([...this.calendarNotes, ...this.vatNotes]);
  }
}
