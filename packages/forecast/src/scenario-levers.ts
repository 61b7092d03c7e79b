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
import { forEachOccurrence, occurrenceSeries } from './occurrences.js';
import { applyLeave, applyRaise, type EmployeeTimeline } from './scenario-payroll.js';
import type { ForecastInput, ForecastSalary, ForecastTransaction } from './types.js';

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
    const date = `${String(Math.floor(month / 12)).padStart(4, '0')}-${String((month % 12) + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
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

/** × (100 + percent) / 100, rounded once (half away from zero); percent with at most two decimals. */
export function scaledAmount(amount: number, percent: number): number {
  const factor = BigInt(Math.round((100 + percent) * 100));
  const product = BigInt(amount) * factor;
  const quotient = product / 10_000n;
  const remainder = product % 10_000n;
  const twice = (remainder < 0n ? -remainder : remainder) * 2n;
  const rounded = twice >= 10_000n ? quotient + (product < 0n ? -1n : 1n) : quotient;
  return Number(rounded);
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

/** Rewrites the transactions the target names; the others stay the same objects. */
function rewrite(
  transactions: readonly ForecastTransaction[],
  target: Target,
  context: LeverContext,
  change: (transaction: ForecastTransaction) => ForecastTransaction[],
): ForecastTransaction[] {
  return transactions.flatMap((transaction) =>
    matches(transaction, target, context) ? change(transaction) : [transaction],
  );
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
  input: ForecastInput,
  id: number,
  lever: TransactionLever,
  context: LeverContext,
  until: string,
): ForecastInput {
  if (lever.action === 'add') {
    const row: ForecastTransaction = {
      id: addedId(id, 0),
      name: lever.name ?? '',
      amount: lever.amount ?? 0,
      currency: codeOf(context, lever.currencyId ?? 0, input.currency),
      categoryName: context.categoryNames.get(lever.categoryId ?? 0) ?? SCENARIO_CATEGORY,
      type: lever.cycle ? 'repeating' : 'single',
      cycle: lever.cycle ?? null,
      startDate: lever.startDate ?? input.today,
      endDate: lever.cycle ? (lever.endDate ?? null) : null,
      isDisabled: false,
      vatBasisPoints: lever.vatId ? (context.vatBasisPoints.get(lever.vatId) ?? null) : null,
      vatIncluded: lever.vatIncluded ?? false,
    };
    return { ...input, transactions: [...input.transactions, row] };
  }
  const from = lever.from as string;
  const target = { transactionId: lever.transactionId };
  if (lever.action === 'stop') {
    return {
      ...input,
      transactions: rewrite(input.transactions, target, context, (t) => nonNull(headBefore(t, from))),
    };
  }
  return {
    ...input,
    transactions: rewrite(input.transactions, target, context, (t) => {
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
    }),
  };
}

function nonNull<T>(value: T | null): T[] {
  return value === null ? [] : [value];
}

function applyCustomer(input: ForecastInput, id: number, lever: CustomerLever, context: LeverContext): ForecastInput {
  if (lever.action === 'win') {
    const row: ForecastTransaction = {
      id: addedId(id, 0),
      name: lever.name ?? '',
      amount: lever.amount ?? 0,
      currency: codeOf(context, lever.currencyId ?? 0, input.currency),
      categoryName: context.categoryNames.get(lever.categoryId ?? 0) ?? SCENARIO_CATEGORY,
      type: lever.cycle ? 'repeating' : 'single',
      cycle: lever.cycle ?? null,
      startDate: lever.from,
      endDate: null,
      isDisabled: false,
      vatBasisPoints: lever.vatId ? (context.vatBasisPoints.get(lever.vatId) ?? null) : null,
      vatIncluded: false,
    };
    return { ...input, transactions: [...input.transactions, row] };
  }
  const target = { transactionId: lever.transactionId, categoryId: lever.categoryId };
  return {
    ...input,
    transactions: rewrite(input.transactions, target, context, (t) =>
      t.amount > 0 ? nonNull(headBefore(t, lever.from)) : [t],
    ),
  };
}

function applyDelay(input: ForecastInput, lever: DelayLever, context: LeverContext, until: string): ForecastInput {
  return {
    ...input,
    transactions: rewrite(input.transactions, lever, context, (t) => [
      ...nonNull(headBefore(t, lever.from)),
      ...occurrenceDates(t, lever.from, until).map((date) => single(t, addDays(date, lever.days))),
    ]),
  };
}

function applyPercentage(
  input: ForecastInput,
  lever: PercentageLever,
  context: LeverContext,
  until: string,
): ForecastInput {
  const end = lever.to ?? until;
  return {
    ...input,
    transactions: rewrite(input.transactions, lever, context, (t) => {
      const inside = occurrenceDates(t, lever.from, end).map((date) =>
        single(t, date, scaledAmount(t.amount, lever.percent)),
      );
      const after = lever.to && lever.to < until ? tailFrom(t, addDays(lever.to, 1), until) : [];
      return [...nonNull(headBefore(t, lever.from)), ...inside, ...after];
    }),
  };
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
  for (const { id, lever, targetDeleted } of levers) {
    if (targetDeleted) continue;
    switch (lever.type) {
      case 'oneOff':
        current = {
          ...current,
          transactions: [
            ...current.transactions,
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
          ],
        };
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
        const rows: ForecastTransaction[] = [
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
        current = { ...current, transactions: [...current.transactions, ...rows.filter((row) => row.amount !== 0)] };
        break;
      }
      case 'transaction':
        current = applyTransaction(current, id, lever, context, until);
        break;
      case 'customer':
        current = applyCustomer(current, id, lever, context);
        break;
      case 'delay':
        current = applyDelay(current, lever, context, until);
        break;
      case 'percentage':
        current = applyPercentage(current, lever, context, until);
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
  return current;
}
