/**
 * The salary rules of the employees area (docs/salary-rules.md, docs/salary-costs.md): the employee's
 * salary timeline (automatic end dates), the representative salary, the amounts and payment schedule
 * of salary costs and the deductions they make from a salary. Pure: "today" and the horizon are
 * parameters, dates are 'YYYY-MM-DD' strings, months 'YYYY-MM', money integer minor units (Rappen).
 * The API applies what these functions answer (in one database transaction); the forecast engine
 * reads the same schedules, so both always agree.
 */

import { addMonths, isIsoDate } from './calendar.js';
import { FORECAST_LIMITS } from './constants.js';
import { AmountOverflowError } from './money.js';
import { addCycle, anchorStep, monthsPerStep, nextExecutionDate, type ScheduleCycle } from './schedule.js';
import { cycleMonths, type Cycle } from './schemas/fields.js';

// ---------------------------------------------------------------------------------------------
// Small date helpers (local: the calendar module has the general ones)
// ---------------------------------------------------------------------------------------------

function requireDate(date: string, name: string): void {
  if (!isIsoDate(date)) throw new RangeError(`${name} is not a calendar date (YYYY-MM-DD): ${date}`);
}

/** The last day of the date's month: an anchor day of 31 is clamped to the month's length. */
function endOfMonth(date: string): string {
  return addMonths(date, 0, 31);
}

/** Whole months from the month of `a` to the month of `b` (days ignored). */
function monthsBetween(a: string, b: string): number {
  return (Number(b.slice(0, 4)) - Number(a.slice(0, 4))) * 12 + Number(b.slice(5, 7)) - Number(a.slice(5, 7));
}

/**
 * The smallest n ≥ `minN` for which `holds(n)` is true, for a predicate that stays true once it is
 * (a step count on a date series). Starts near `guess` and walks, so a salary from 1990 does not
 * cost 400 steps per call.
 */
function smallestStep(minN: number, guess: number, holds: (n: number) => boolean): number {
  let n = Math.max(minN, guess);
  while (n > minN && holds(n - 1)) n -= 1;
  while (!holds(n)) n += 1;
  return n;
}

// ---------------------------------------------------------------------------------------------
// 1. Timeline (docs/salary-rules.md "Salary timeline")
// ---------------------------------------------------------------------------------------------

/** What the timeline rules need of a salary row. */
export interface TimelineSalary {
  id: number;
  /** First day of the salary ('YYYY-MM-DD'), unique per employee (a duplicate is a 409 in the API). */
  fromDate: string;
  /** Last payment day, or null for "Dauerhaft". */
  toDate: string | null;
  cycle: Cycle;
  isDisabled: boolean;
  isTermination: boolean;
}

/** One row whose end date the API must set (in the same database transaction as the change). */
export interface SalaryEndChange {
  id: number;
  toDate: string | null;
}

/**
 * The automatic end of an earlier salary when a later one starts at `limit` (docs/salary-rules.md
 * "Salary timeline"): walking the earlier salary's payment dates from `prevFrom` (anchor step, so a
 * 31st stays on month ends), the first payment p whose *next* payment's month end is on or after
 * `limit`. For a monthly salary that is the payment in the month before `limit`'s month, or
 * `prevFrom` itself when `limit` lies within the first cycle: the last payment that still belongs
 * to the earlier salary. Examples: ('2026-01-01', '2026-08-01', monthly) → '2026-07-01';
 * ('2025-01-31', '2025-09-30') → '2025-08-31'; ('2025-01-26', '2025-06-27') → '2025-05-26'.
 * @throws RangeError on invalid dates.
 */
export function capEnd(prevFrom: string, limit: string, prevCycle: Cycle): string {
  requireDate(prevFrom, 'prevFrom');
  requireDate(limit, 'limit');
  const step = monthsPerStep(prevCycle);
  const payment = (n: number) => anchorStep(prevFrom, prevFrom, n * step);
  const n = smallestStep(0, Math.floor(monthsBetween(prevFrom, limit) / step) - 1, (i) => {
    return endOfMonth(payment(i + 1)) >= limit;
  });
  return payment(n);
}

/**
 * A termination row ("Austritt") as it is stored: amount, hours and vacation 0 and no end
 * (docs/salary-rules.md "Salary timeline"); other rows unchanged. The API applies it before saving
 * and before the timeline rules run.
 */
export function normalizeTermination<
  T extends {
    isTermination: boolean;
    amount: number;
    hoursPerMonth: number;
    vacationDaysPerYear: number;
    toDate: string | null;
  },
>(salary: T): T {
  if (!salary.isTermination) return salary;
  return { ...salary, amount: 0, hoursPerMonth: 0, vacationDaysPerYear: 0, toDate: null };
}

/** The latest non-disabled salary starting before `fromDate` (ids in `skip` left out). */
function previousOf(salaries: readonly TimelineSalary[], fromDate: string, skip: number): TimelineSalary | undefined {
  let best: TimelineSalary | undefined;
  for (const s of salaries) {
    if (s.id === skip || s.isDisabled || s.fromDate >= fromDate) continue;
    if (!best || s.fromDate > best.fromDate) best = s;
  }
  return best;
}

/** The earliest non-disabled salary starting after `fromDate` (ids in `skip` left out). */
function nextOf(salaries: readonly TimelineSalary[], fromDate: string, skip: number): TimelineSalary | undefined {
  let best: TimelineSalary | undefined;
  for (const s of salaries) {
    if (s.id === skip || s.isDisabled || s.fromDate <= fromDate) continue;
    if (!best || s.fromDate < best.fromDate) best = s;
  }
  return best;
}

/** Collects end changes, keeping only real changes and the last value per row. */
class EndChanges {
  private readonly changes = new Map<number, SalaryEndChange>();
  constructor(private readonly current: ReadonlyMap<number, string | null>) {}

  set(id: number, toDate: string | null): void {
    this.changes.set(id, { id, toDate });
  }

  list(): SalaryEndChange[] {
    return [...this.changes.values()].filter((c) => this.current.get(c.id) !== c.toDate);
  }
}

function currentEnds(salaries: readonly TimelineSalary[], changed: TimelineSalary): Map<number, string | null> {
  const ends = new Map(salaries.map((s) => [s.id, s.toDate] as const));
  ends.set(changed.id, changed.toDate);
  return ends;
}

/**
 * The end dates that change when `created` is added to an employee's timeline (docs/salary-rules.md
 * "Salary timeline", create):
 * - the previous salary P (latest non-disabled with an earlier start) ends with capEnd when it has
 *   no end or ends on/after the new start;
 * - the new salary ends with capEnd before the next salary X (earliest non-disabled with a later
 *   start) when it has no end or ends on/after X's start.
 * `salaries` are the employee's rows (with or without `created`; it is recognised by id). The
 * created row's own toDate is compared as given, so a change of it is in the answer too.
 * Answers only rows whose end actually changes.
 */
export function timelineAfterCreate(salaries: readonly TimelineSalary[], created: TimelineSalary): SalaryEndChange[] {
  const changes = new EndChanges(currentEnds(salaries, created));
  const previous = previousOf(salaries, created.fromDate, created.id);
  if (previous && (previous.toDate === null || previous.toDate >= created.fromDate)) {
    changes.set(previous.id, capEnd(previous.fromDate, created.fromDate, previous.cycle));
  }
  const next = nextOf(salaries, created.fromDate, created.id);
  if (next && (created.toDate === null || created.toDate >= next.fromDate)) {
    changes.set(created.id, capEnd(created.fromDate, next.fromDate, created.cycle));
  }
  return changes.list();
}

/**
 * The end dates that change when a salary is saved as `updated` (docs/salary-rules.md "Salary
 * timeline", update): the previous salary's end is *always* recomputed with capEnd against the
 * updated start, and when a next salary exists the updated salary's own end is always capEnd before
 * it (overriding the submitted toDate). `salaries` hold the stored rows, the updated one with its
 * *old* values (found by id). The answer is relative to `updated` as submitted: the API saves the
 * update, then applies the changes. **Ours:** when the start moved past a neighbour, the salary
 * also leaves its old place, and the row that used to precede it is re-ended as after a delete
 * (capEnd before its new next salary, or no end when none follows). The reference left that row
 * capped at the old place, a gap in the timeline nobody asked for.
 */
export function timelineAfterUpdate(salaries: readonly TimelineSalary[], updated: TimelineSalary): SalaryEndChange[] {
  const changes = new EndChanges(currentEnds(salaries, updated));
  const stored = salaries.find((s) => s.id === updated.id);
  const previous = previousOf(salaries, updated.fromDate, updated.id);
  if (stored && stored.fromDate !== updated.fromDate) {
    const oldPrevious = previousOf(salaries, stored.fromDate, updated.id);
    if (oldPrevious && oldPrevious.id !== previous?.id) {
      const oldNext = nextOf(salaries, oldPrevious.fromDate, updated.id);
      changes.set(oldPrevious.id, oldNext ? capEnd(oldPrevious.fromDate, oldNext.fromDate, oldPrevious.cycle) : null);
    }
  }
  if (previous) changes.set(previous.id, capEnd(previous.fromDate, updated.fromDate, previous.cycle));
  const next = nextOf(salaries, updated.fromDate, updated.id);
  if (next) changes.set(updated.id, capEnd(updated.fromDate, next.fromDate, updated.cycle));
  return changes.list();
}

/**
 * The end dates that change when the salary `deletedId` is deleted (docs/salary-rules.md "Salary
 * timeline", delete): with a previous and a next salary around it, the previous one ends with
 * capEnd before the next; with only a previous one, that one has no end any more ("Dauerhaft").
 * Nothing changes for an unknown id.
 */
export function timelineAfterDelete(salaries: readonly TimelineSalary[], deletedId: number): SalaryEndChange[] {
  const deleted = salaries.find((s) => s.id === deletedId);
  if (!deleted) return [];
  const changes = new EndChanges(currentEnds(salaries, deleted));
  const previous = previousOf(salaries, deleted.fromDate, deletedId);
  if (!previous) return [];
  const next = nextOf(salaries, deleted.fromDate, deletedId);
  changes.set(previous.id, next ? capEnd(previous.fromDate, next.fromDate, previous.cycle) : null);
  return changes.list();
}

// ---------------------------------------------------------------------------------------------
// 2. Representative salary (docs/salary-rules.md)
// ---------------------------------------------------------------------------------------------

/** What the representative-salary rules need of a salary row. */
export interface RepresentativeCandidate {
  id: number;
  fromDate: string;
  toDate: string | null;
  isDisabled: boolean;
  isTermination: boolean;
}

/**
 * The salary that stands for the employee in the list and on the detail page (docs/salary-rules.md
 * "Representative salary"): among the salaries that are not disabled and not ended (no end, or end
 * ≥ today), the currently active one (start ≤ today; the latest start when several are) before a
 * future one (the earliest start). null when no salary qualifies (every one ended or disabled): the
 * employee's salary fields are then null/false.
 */
export function representativeSalary<T extends RepresentativeCandidate>(
  salaries: readonly T[],
  today: string,
): T | null {
  requireDate(today, 'today');
  let active: T | null = null;
  let future: T | null = null;
  for (const s of salaries) {
    if (s.isDisabled || (s.toDate !== null && s.toDate < today)) continue;
    if (s.fromDate <= today) {
      if (!active || s.fromDate > active.fromDate) active = s;
    } else if (!future || s.fromDate < future.fromDate) {
      future = s;
    }
  }
  return active ?? future;
}

/** The employee's `isInFuture`: the (representative) salary starts after today. False for none. */
export function isInFuture(salary: { fromDate: string } | null, today: string): boolean {
  return salary !== null && salary.fromDate > today;
}

/** The employee's `isTerminated`: the representative salary is a termination ("Austritt"). */
export function isTerminated(representative: { isTermination: boolean } | null): boolean {
  return representative?.isTermination ?? false;
}

/**
 * The employee's `willBeTerminated`: a termination starting after today exists. **Ours:** a
 * disabled termination does not count, since disabled rows take no part anywhere else either.
 */
export function willBeTerminated(salaries: readonly RepresentativeCandidate[], today: string): boolean {
  return salaries.some((s) => s.isTermination && !s.isDisabled && s.fromDate > today);
}

// ---------------------------------------------------------------------------------------------
// 3. Per-step amount of a cost (docs/salary-costs.md "Cost amounts")
// ---------------------------------------------------------------------------------------------

/** Who bears a salary cost: deducted from the salary, paid on top by the employer, or both. */
export type SalaryCostDistribution = 'employee' | 'employer' | 'both';

/** What the amount rules need of a salary cost (the API's field names). */
export interface SalaryCostAmountInput {
  id: number;
  amountType: 'fixed' | 'percentage' | 'bvgMinimum';
  /** Fixed: minor units per cost-cycle step. Percentage: thousandths of a percent (5300 = 5.3 %). */
  amount: number;
  distributionType: SalaryCostDistribution;
  /** Costs of the same salary the percentage is taken of instead of the salary (empty: the salary). */
  baseSalaryCostIDs: readonly number[];
}

/** Why a set of base costs cannot be computed. */
export type BaseCostErrorKind = 'self-reference' | 'cycle' | 'unknown-base' | 'not-percentage';

/** The German message the API answers for each kind (400, field `baseSalaryCostIDs`). */
export const baseCostErrorMessages: Record<BaseCostErrorKind, string> = {
  'self-reference': 'Lohnkosten können nicht auf sich selbst basieren',
  cycle: 'Die Berechnungsgrundlage enthält eine zirkuläre Abhängigkeit',
  'unknown-base': 'Die Berechnungsgrundlage muss aus Lohnkosten desselben Lohns bestehen',
  'not-percentage': 'Nur prozentuale Lohnkosten können auf anderen Lohnkosten basieren',
};

/** One problem of the base costs, for the cost `costId`. */
export interface BaseCostError {
  costId: number;
  kind: BaseCostErrorKind;
  message: string;
}

/**
 * Thrown by `costStepAmount` when the base costs cannot be computed; the API validates with
 * `baseCostErrors` first, so this only fires on data that bypassed it.
 */
export class SalaryCostBaseError extends Error {
  constructor(
    readonly costId: number,
    readonly kind: BaseCostErrorKind,
  ) {
    super(baseCostErrorMessages[kind]);
    this.name = 'SalaryCostBaseError';
  }
}

/** 100 % in thousandths of a percent. */
const HUNDRED_PERCENT = 100_000n;

function requireSafeResult(value: bigint, what: string): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < BigInt(Number.MIN_SAFE_INTEGER)) {
    throw new AmountOverflowError(what);
  }
  return Number(value);
}

function requireWholeAmount(n: number, name: string): bigint {
  if (!Number.isSafeInteger(n)) throw new RangeError(`${name} must be an integer: ${n}`);
  return BigInt(n);
}

/**
 * The problems of the base costs of one salary's costs (docs/salary-costs.md "Cost amounts"): a
 * cost based on itself ("Lohnkosten können nicht auf sich selbst basieren"), costs that depend on
 * each other in a circle ("zirkuläre Abhängigkeit", reported for every cost on the circle), a base
 * that is not a cost of the same salary, a fixed cost with bases. `costs` are all costs of the
 * salary *as they would be saved* (the API passes the list with the new or changed cost in it).
 * Empty = valid.
 */
export function baseCostErrors(costs: readonly SalaryCostAmountInput[]): BaseCostError[] {
  const byId = new Map(costs.map((c) => [c.id, c] as const));
  const errors: BaseCostError[] = [];
  const add = (costId: number, kind: BaseCostErrorKind) =>
    errors.push({ costId, kind, message: baseCostErrorMessages[kind] });
  for (const cost of costs) {
    if (cost.baseSalaryCostIDs.length === 0) continue;
    if (cost.amountType !== 'percentage') add(cost.id, 'not-percentage');
    if (cost.baseSalaryCostIDs.includes(cost.id)) add(cost.id, 'self-reference');
    else if (cost.baseSalaryCostIDs.some((id) => !byId.has(id))) add(cost.id, 'unknown-base');
    else if (reaches(byId, cost.id)) add(cost.id, 'cycle');
  }
  return errors;
}

/** True when following base links from `start` leads back to it (a circle through other costs). */
function reaches(byId: ReadonlyMap<number, SalaryCostAmountInput>, start: number): boolean {
  const seen = new Set<number>();
  const pending = [...(byId.get(start)?.baseSalaryCostIDs ?? [])];
  while (pending.length > 0) {
    const id = pending.pop() as number;
    if (id === start) return true;
    if (seen.has(id)) continue;
    seen.add(id);
    pending.push(...(byId.get(id)?.baseSalaryCostIDs ?? []));
  }
  return false;
}

/**
 * The per-step amount A of a cost in minor units (docs/salary-costs.md "Cost amounts"), for one
 * step of the cost's cycle:
 * - fixed: the amount;
 * - percentage of the salary: floor(salaryAmount × amount / 100000), the salary amount per salary
 *   cycle whatever the cost cycle (25 % quarterly of 10'000.00 monthly = 2'500.00 per quarter step);
 * - percentage on base costs: floor((Σ over the distinct bases of A_base × m) × amount / 100000),
 *   m = 2 for a `both` base (it is paid by employee and employer), recursively.
 * `costsById` holds the salary's costs (to resolve bases). Integer math in BigInt: salary × 100000
 * passes 2^53 for large salaries. Examples: 10 % on bases 2'000 + 1'000 fixed = 300.00; 10 % on a
 * 5.1 % `both` base of a 10'000.00 salary = 10 % of (510.00 × 2) = 102.00.
 * @throws SalaryCostBaseError on a self-reference, a circle or an unknown base; RangeError on
 * non-integer amounts or a result beyond the safe integer range.
 */
export function costStepAmount(
  cost: SalaryCostAmountInput,
  salaryAmount: number,
  costsById: ReadonlyMap<number, SalaryCostAmountInput>,
  bvgAmount: BvgAmountOf = () => 0,
): number {
  const salary = requireWholeAmount(salaryAmount, 'salaryAmount');
  return requireSafeResult(stepAmountOf(cost, salary, costsById, [], bvgAmount), 'The cost amount');
}

/**
 * The step amount of a `bvgMinimum` cost (it depends on the age in the step's year, so the caller
 * who knows the step and the employee computes it with `bvgStepAmount`).
 */
export type BvgAmountOf = (cost: SalaryCostAmountInput) => number;

/** True when the cost or one of its bases (recursively) is a `bvgMinimum` cost: its amount depends on the year. */
export function dependsOnAge(
  cost: SalaryCostAmountInput,
  costsById: ReadonlyMap<number, SalaryCostAmountInput>,
  seen = new Set<number>(),
): boolean {
  if (cost.amountType === 'bvgMinimum') return true;
  if (seen.has(cost.id)) return false;
  seen.add(cost.id);
  return cost.baseSalaryCostIDs.some((id) => {
    const base = costsById.get(id);
    return base !== undefined && dependsOnAge(base, costsById, seen);
  });
}

function stepAmountOf(
  cost: SalaryCostAmountInput,
  salary: bigint,
  costsById: ReadonlyMap<number, SalaryCostAmountInput>,
  path: number[],
  bvgAmount: BvgAmountOf,
): bigint {
  const amount = requireWholeAmount(cost.amount, 'amount');
  if (cost.amountType === 'fixed') return amount;
  if (cost.amountType === 'bvgMinimum') return requireWholeAmount(bvgAmount(cost), 'bvgAmount');
  const bases = [...new Set(cost.baseSalaryCostIDs)];
  if (bases.length === 0) return (salary * amount) / HUNDRED_PERCENT;
  if (bases.includes(cost.id)) throw new SalaryCostBaseError(cost.id, 'self-reference');
  const inner = [...path, cost.id];
  let sum = 0n;
  for (const id of bases) {
    if (inner.includes(id)) throw new SalaryCostBaseError(cost.id, 'cycle');
    const base = costsById.get(id);
    if (!base) throw new SalaryCostBaseError(cost.id, 'unknown-base');
    sum += stepAmountOf(base, salary, costsById, inner, bvgAmount) * (base.distributionType === 'both' ? 2n : 1n);
  }
  // Amounts are unsigned, so BigInt's truncating division is the floor the reference uses.
  return (sum * amount) / HUNDRED_PERCENT;
}

// ---------------------------------------------------------------------------------------------
// 4. Payment schedule of a cost (docs/salary-costs.md "Payment schedule")
// ---------------------------------------------------------------------------------------------

/** One payment of a cost: `amount` pays `divider` steps of the cost cycle (minor units). */
export interface CostDetail {
  /** 'YYYY-MM' of the payment. */
  month: string;
  /** The whole payment: per-step amount × divider. */
  amount: number;
  /** Cost-cycle steps this payment covers (≥ 1). */
  divider: number;
  /** The first payment of a recurring cost: the catch-up for steps already elapsed. */
  isExtraMonth: boolean;
}

/** Everything the schedule of one cost depends on. */
export interface CostScheduleInput {
  salary: { fromDate: string; toDate: string | null; cycle: Cycle };
  cost: {
    cycle: ScheduleCycle;
    /** Payments every k cost-cycle steps, each k steps in arrears (≥ 1). */
    relativeOffset: number;
    /** First payment date ("Ab spezifischem Zeitpunkt"); required for `once`. */
    targetDate: string | null;
  };
  /** The per-step amount A (`costStepAmount`). */
  stepAmount: number;
  /**
   * The amount of the step on `stepDate`, when steps differ (BVG by age, a 13th salary in the
   * step's months; docs/salary-rules.md); without it every step is `stepAmount`.
   */
  stepAmountAt?: ((stepDate: string) => number) | undefined;
  today: string;
  /** Last day the schedule may cover without a salary end (`defaultHorizonEnd(today)` or the forecast's). */
  horizonEnd: string;
}

/**
 * The last day of the month of today + 3 years (docs/schedules.md "Horizon of stored schedules"):
 * where schedules of salaries without an end stop, as the reference stores them. The forecast may
 * pass its own, later horizon instead.
 * @throws RangeError on an invalid date.
 */
export function defaultHorizonEnd(today: string): string {
  requireDate(today, 'today');
  return endOfMonth(addMonths(today, 36));
}

/**
 * The last day of the longest forecast's last month (today's month + 59): where the API's stored
 * schedules stop, so a 60-month forecast has every payment (docs/forecast.md "Months": no 37-month
 * cap). Later than `defaultHorizonEnd`, so everything the reference stores is stored too.
 * @throws RangeError on an invalid date.
 */
export function forecastHorizonEnd(today: string): string {
  requireDate(today, 'today');
  return endOfMonth(addMonths(today, FORECAST_LIMITS.maxMonths - 1));
}

/** Step 1: the salary payment the cost schedule is anchored on. */
function anchorPayment(from: string, end: string | null, cycle: Cycle, today: string): string {
  if (today < from) return from;
  const next = nextExecutionDate({ type: 'repeating', cycle, startDate: from, endDate: end }, today);
  if (next !== null) return next;
  // The salary has ended: its last payment up to today (at least the first step), at most the end.
  const step = cycleMonths[cycle];
  const n = smallestStep(1, Math.floor(monthsBetween(from, today) / step) - 1, (i) => {
    return addCycle(from, cycle, i + 1) > today;
  });
  const payment = addCycle(from, cycle, n);
  return end !== null && payment > end ? end : payment;
}

/** Step 2: the first cost execution X, or null when the cost has no schedule any more. */
function firstExecution(anchor: string, input: CostScheduleInput): string | null {
  const { cycle, relativeOffset: k, targetDate } = input.cost;
  const { today } = input;
  if (cycle === 'once') return targetDate !== null && today <= targetDate ? targetDate : null;
  if (targetDate === null) {
    const x = addCycle(anchor, cycle, k);
    return today > x ? null : x;
  }
  let t = targetDate;
  if (anchor >= t) {
    const limit = addCycle(anchor, cycle, k);
    while (t <= today) {
      const advanced = addCycle(t, cycle, k);
      if (advanced > limit) break;
      t = advanced;
    }
  }
  return today <= t ? t : null;
}

/**
 * The payment schedule of a cost (docs/salary-costs.md "Payment schedule"), as stored in the
 * reference's `salary_cost_details`:
 * 1. anchor S = the salary's start when today is before it, else its next payment on/after today
 *    (n ≥ 1, within the end), else (salary ended) its last payment up to today, capped at the end;
 * 2. first execution X: `once` → the target date if not past; recurring with a target date T → T,
 *    advanced by k steps while it is not after today (not beyond S + k steps) when S ≥ T, and no
 *    schedule if T is still past; recurring without → S + k steps, no schedule if that is past;
 * 3. P = X − k steps (`once`: X);
 * 4. Z = last day of the salary end's month, or `horizonEnd` without an end;
 * 5. for each payment P: the k months P − k … P − 1 step that lie on/after the salary start and
 *    on/before Z are paid in P's month (amount A × v, divider v); the first payment of a recurring
 *    cost is the catch-up (`isExtraMonth`); it stops at the first step beyond Z (after paying what
 *    came before it) or after one payment for `once`. A later payment in the same month replaces an
 *    earlier one.
 * `once` counts the target month k times (an offset > 1 multiplies it, as the reference; the UI
 * keeps 1). Steps are sticky-end (`addCycle`), each from the previous payment, as the reference.
 * Sorted by month.
 * @throws RangeError on invalid dates, an offset < 1, a non-integer amount, or `once` without a
 * target date.
 */
export function costSchedule(input: CostScheduleInput): CostDetail[] {
  const { salary, cost, stepAmount, today, horizonEnd } = input;
  requireDate(salary.fromDate, 'salary.fromDate');
  if (salary.toDate !== null) requireDate(salary.toDate, 'salary.toDate');
  if (cost.targetDate !== null) requireDate(cost.targetDate, 'cost.targetDate');
  requireDate(today, 'today');
  requireDate(horizonEnd, 'horizonEnd');
  const k = cost.relativeOffset;
  if (!Number.isSafeInteger(k) || k < 1) throw new RangeError(`relativeOffset must be an integer >= 1: ${k}`);
  const perStep = requireWholeAmount(stepAmount, 'stepAmount');
  if (cost.cycle === 'once' && cost.targetDate === null) throw new RangeError('A one-off cost needs a target date');

  const anchor = anchorPayment(salary.fromDate, salary.toDate, salary.cycle, today);
  const first = firstExecution(anchor, input);
  if (first === null) return [];
  const once = cost.cycle === 'once';
  const lastDay = salary.toDate !== null ? endOfMonth(salary.toDate) : horizonEnd;

  const byMonth = new Map<string, CostDetail>();
  let payment = once ? first : addCycle(first, cost.cycle, -k);
  for (let i = 1; ; i += 1) {
    let kept = 0;
    let ended = false;
    let varying = 0n;
    for (let j = k; j >= 1; j -= 1) {
      const step = addCycle(payment, cost.cycle, -j);
      if (step < salary.fromDate) continue;
      if (step > lastDay) {
        ended = true;
        continue;
      }
      kept += 1;
      if (input.stepAmountAt) varying += requireWholeAmount(input.stepAmountAt(step), 'stepAmountAt');
    }
    if (kept > 0) {
      const month = payment.slice(0, 7);
      const amount = requireSafeResult(input.stepAmountAt ? varying : perStep * BigInt(kept), 'A payment');
      byMonth.set(month, { month, amount, divider: kept, isExtraMonth: i === 1 && !once });
    }
    if (ended || once) break;
    payment = addCycle(payment, cost.cycle, k);
  }
  return [...byMonth.values()].sort((a, b) => (a.month < b.month ? -1 : a.month > b.month ? 1 : 0));
}

// ---------------------------------------------------------------------------------------------
// 5. Calculated fields and deductions (docs/salary-costs.md)
// ---------------------------------------------------------------------------------------------

/**
 * How the "next" payment is chosen (docs/salary-costs.md "Calculated fields"): `skip-previous`
 * (REST answers, deductions, employee list) ignores the catch-up payment and takes the first
 * payment in the current month or later; `include-previous` (forecast, `?includePast=true`) counts
 * it and prefers the payment just before the first current-or-later one.
 */
export type CostFieldsMode = 'skip-previous' | 'include-previous';

/** The calculated fields of a cost (API names). Amounts in minor units, dates month starts. */
export interface CalculatedCostFields {
  /** Per-step amount of the next payment: amount ÷ divider, floored. 0 without a next payment. */
  calculatedAmount: number;
  /** 1st of the next payment's month ('YYYY-MM-01'), never the actual payment day; null without. */
  calculatedNextExecutionDate: string | null;
  /** 1st of the month of the payment before the next one, or null. */
  calculatedPreviousExecutionDate: string | null;
  /** The whole next payment. 0 without a next payment. */
  calculatedNextCost: number;
}

/**
 * The calculated fields of a cost from its schedule (docs/salary-costs.md "Calculated fields"), in
 * one of the two modes (see `CostFieldsMode`): skip-previous → among the non-extra payments, next =
 * the first in today's month or later, previous = the one before it; include-previous → with Q =
 * the first payment in today's month or later, next = the payment just before Q if there is one
 * (also when Q is this month), else Q; with no Q the last payment; previous = the one before next.
 * No next: 0 / null / null / 0.
 */
export function calculatedCostFields(
  details: readonly CostDetail[],
  today: string,
  mode: CostFieldsMode,
): CalculatedCostFields {
  requireDate(today, 'today');
  const currentMonth = today.slice(0, 7);
  const sorted = [...details]
    .filter((d) => mode === 'include-previous' || !d.isExtraMonth)
    .sort((a, b) => (a.month < b.month ? -1 : a.month > b.month ? 1 : 0));
  const firstCurrent = sorted.findIndex((d) => d.month >= currentMonth);
  let nextIndex: number;
  if (mode === 'skip-previous') nextIndex = firstCurrent;
  else if (firstCurrent === -1) nextIndex = sorted.length - 1;
  else nextIndex = Math.max(0, firstCurrent - 1);
  const next = sorted[nextIndex];
  if (nextIndex < 0 || !next) {
    return {
      calculatedAmount: 0,
      calculatedNextExecutionDate: null,
      calculatedPreviousExecutionDate: null,
      calculatedNextCost: 0,
    };
  }
  const previous = sorted[nextIndex - 1];
  return {
    calculatedAmount: Math.floor(next.amount / next.divider),
    calculatedNextExecutionDate: `${next.month}-01`,
    calculatedPreviousExecutionDate: previous ? `${previous.month}-01` : null,
    calculatedNextCost: next.amount,
  };
}

/** The payment of a cost the organisation makes next, per side ({@link upcomingCostPayment}). */
export interface UpcomingCostPayment {
  /** 'YYYY-MM' of the payment. */
  month: string;
  /** What one side pays (a cost borne by both is paid once by each side). */
  amount: number;
  /** `amount` ÷ the steps it pays, floored: one step's share (a month for a monthly cost). */
  perStep: number;
}

/**
 * The next payment of a cost as the forecast pays it (docs/salary-costs.md "Calculated fields",
 * "Costs in the forecast"): the first payment in today's month or later, the catch-up payment
 * included — it is still to be paid, so the forecast shows it in its month. The cost card shows
 * this payment, so card and forecast name the same month and amount; the skip-previous
 * fields of the API answer stay as the reference has them. Null when nothing is left to pay.
 */
export function upcomingCostPayment(details: readonly CostDetail[], today: string): UpcomingCostPayment | null {
  requireDate(today, 'today');
  const currentMonth = today.slice(0, 7);
  let upcoming: CostDetail | undefined;
  for (const detail of details) {
    if (detail.month >= currentMonth && (upcoming === undefined || detail.month < upcoming.month)) upcoming = detail;
  }
  if (upcoming === undefined) return null;
  return { month: upcoming.month, amount: upcoming.amount, perStep: Math.floor(upcoming.amount / upcoming.divider) };
}

/** What the deductions need of a cost: who bears it, its cycle and its calculated per-step amount. */
export interface DeductionCost {
  distributionType: SalaryCostDistribution;
  cycle: ScheduleCycle;
  calculatedAmount: number;
}

/** A salary's deductions (from the gross) and employer costs (on top), per salary cycle, minor units. */
export interface SalaryDeductions {
  employeeDeductions: number;
  employerCosts: number;
}

/**
 * The deductions and employer costs of a salary (docs/salary-costs.md "Deductions and employer
 * costs"), from its costs' calculated fields (skip-previous mode): each cost's per-step amount
 * converted to the salary cycle, floor(calculatedAmount × salaryCycleMonths ÷ costCycleMonths) — a
 * one-off cost counts in full (docs/salary-costs.md "Deductions and employer costs": the reference
 * lowers every month's net salary with it, kept for parity). `employee` costs are deductions,
 * `employer` costs employer costs, `both` counts once on each side. A disabled salary or a
 * termination has none (0 / 0).
 */
export function salaryDeductions(
  salary: { cycle: Cycle; isDisabled: boolean; isTermination: boolean },
  costsWithFields: readonly DeductionCost[],
): SalaryDeductions {
  if (salary.isDisabled || salary.isTermination) return { employeeDeductions: 0, employerCosts: 0 };
  const salaryMonths = BigInt(cycleMonths[salary.cycle]);
  let employee = 0n;
  let employer = 0n;
  for (const cost of costsWithFields) {
    const perStep = requireWholeAmount(cost.calculatedAmount, 'calculatedAmount');
    const converted = cost.cycle === 'once' ? perStep : (perStep * salaryMonths) / BigInt(cycleMonths[cost.cycle]);
    if (cost.distributionType !== 'employer') employee += converted;
    if (cost.distributionType !== 'employee') employer += converted;
  }
  return {
    employeeDeductions: requireSafeResult(employee, 'The deductions'),
    employerCosts: requireSafeResult(employer, 'The employer costs'),
  };
}

/**
 * The net salary per salary cycle: gross minus deductions, plain signed arithmetic — deductions
 * larger than the amount give a negative net (the reference's unsigned underflow is not kept).
 * @throws RangeError on non-integer amounts.
 */
export function salaryNet(amount: number, deductions: number): number {
  return requireSafeResult(
    requireWholeAmount(amount, 'amount') - requireWholeAmount(deductions, 'deductions'),
    'The net',
  );
}
