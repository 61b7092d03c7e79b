/**
 * The salary rules of the employees area (research/anchor-backend.md §5.4–§5.6): the employee's
 * salary timeline (automatic end dates), the representative salary, the amounts and payment schedule
 * of salary costs and the deductions they make from a salary. Pure: "today" and the horizon are
 * parameters, dates are 'YYYY-MM-DD' strings, months 'YYYY-MM', money integer minor units (Rappen).
 * The API applies what these functions answer (in one database transaction); the forecast engine
 * reads the same schedules, so both always agree.
 */

import { addMonths, isIsoDate } from './calendar.js';
import { anchorStep, monthsPerStep } from './schedule.js';
import type { Cycle } from './schemas/fields.js';

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
// 1. Timeline (§5.4)
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
 * The automatic end of an earlier salary when a later one starts at `limit` (§5.4): walking the
 * earlier salary's payment dates from `prevFrom` (anchor step, so a 31st stays on month ends), the
 * first payment p whose *next* payment's month end is on or after `limit`. For a monthly salary that
 * is the payment in the month before `limit`'s month, or `prevFrom` itself when `limit` lies within
 * the first cycle: the last payment that still belongs to the earlier salary.
 * Examples: ('2026-01-01', '2026-08-01', monthly) → '2026-07-01'; ('2025-01-31', '2025-09-30') →
 * '2025-08-31'; ('2025-01-26', '2025-06-27') → '2025-05-26'.
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
 * A termination row ("Austritt") as it is stored: amount, hours and vacation 0 and no end (§5.4);
 * other rows unchanged. The API applies it before saving and before the timeline rules run.
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
 * The end dates that change when `created` is added to an employee's timeline (§5.4, create):
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
 * The end dates that change when a salary is saved as `updated` (§5.4, update): the previous
 * salary's end is *always* recomputed with capEnd against the updated start, and when a next salary
 * exists the updated salary's own end is always capEnd before it (overriding the submitted toDate).
 * `salaries` hold the stored rows, the updated one with its *old* values (found by id). The answer
 * is relative to `updated` as submitted: the API saves the update, then applies the changes.
 * **Ours:** when the start moved past a neighbour, the salary also leaves its old place, and the
 * row that used to precede it is re-ended as after a delete (capEnd before its new next salary, or
 * no end when none follows). The reference left that row capped at the old place, a gap in the
 * timeline nobody asked for.
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
 * The end dates that change when the salary `deletedId` is deleted (§5.4, delete): with a previous
 * and a next salary around it, the previous one ends with capEnd before the next; with only a
 * previous one, that one has no end any more ("Dauerhaft"). Nothing changes for an unknown id.
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
// 2. Representative salary (§5.4)
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
 * The salary that stands for the employee in the list and on the detail page (§5.4): among the
 * salaries that are not disabled and not ended (no end, or end ≥ today), the currently active one
 * (start ≤ today; the latest start when several are) before a future one (the earliest start).
 * null when no salary qualifies (every one ended or disabled): the employee's salary fields are then
 * null/false.
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
