import { recordChanges, type ForecastSalary, type ForecastSalaryCost } from '@saldopilot/forecast';
import { addMonthsToMonth, parseNetAdjustments, type CostDetail } from '@saldopilot/shared';
import type { AppDatabase } from '../../db/client.js';
import { computeSchedules, loadScheduleInputs, type ScheduleInputs } from '../employees/salary-schedules.js';
import { changedRowsOf } from './changed-rows.js';
import type { PartScope } from './forecast-inputs.js';

/**
 * The salary figures that plan the months before today's (docs/plan-actual.md "Planned
 * occurrences"): the stored schedules start today, so past months would plan no salary costs and no
 * 13th salary. The same salary rules computed as of a day 12 months before the first month plan vs
 * actual reads (a year for the first, catch-up payment to pass) give those months what the plan says
 * for them. Computed in memory, never stored; after a write only the employees it touched are
 * computed again (a big organisation's whole computation takes seconds).
 */
export interface PastFigures {
  /** The day the figures are computed as of. */
  day: string;
  /** The versions of the tables read, for the next refresh. */
  versions: ReadonlyMap<string, number>;
  paymentsByCost: Lookup<CostDetail[]>;
  bySalary: Lookup<SalaryFigures>;
}

/** What the figures are read by: their entries by id. */
interface Lookup<V> {
  get(id: number): V | undefined;
}

/** How many refreshes are layered over one copy before the layers are flattened into a new one. */
const MOST_LAYERS = 16;

/**
 * `base` with the entries of `dropped` ids gone and those of `fresh` put in, without copying it: a
 * refresh copied the 24,000 payment lists of the big organisation per write (milliseconds of CPU
 * and a megabyte of garbage per read after a salary's write, docs/forecast.md "Speed"). Each layer
 * names its base, so every MOST_LAYERS layers the entries are copied into one map again.
 */
class Layer<V> implements Lookup<V> {
  private constructor(
    private readonly base: Lookup<V>,
    private readonly dropped: ReadonlySet<number>,
    private readonly fresh: ReadonlyMap<number, V>,
    private readonly depth: number,
    /** Every id the layers below hold, for flattening. */
    private readonly ids: () => Iterable<number>,
  ) {}

  static over<V>(base: Lookup<V>, dropped: ReadonlySet<number>, fresh: ReadonlyMap<number, V>): Lookup<V> {
    const below = base instanceof Layer ? (base as Layer<V>) : undefined;
    const baseIds = below ? below.ids : () => (base as ReadonlyMap<number, V>).keys();
    const depth = (below?.depth ?? 0) + 1;
    const layer = new Layer(base, dropped, fresh, depth, () => [...baseIds(), ...fresh.keys()]);
    if (depth < MOST_LAYERS) return layer;
    const flat = new Map<number, V>();
    for (const id of layer.ids()) {
      const value = layer.get(id);
      if (value !== undefined) flat.set(id, value);
    }
    return flat;
  }

  get(id: number): V | undefined {
    const value = this.fresh.get(id);
    if (value !== undefined || this.dropped.has(id)) return value;
    return this.base.get(id);
  }
}

interface SalaryFigures extends Pick<ForecastSalary, 'employeeDeductions' | 'netAdjustments'> {
  costIds: number[];
}

/** Months between the day of the past figures and the first month plan vs actual reads. */
const LEAD_MONTHS = 12;
/** The tables whose row changes name the salaries to compute again (by salary id; `employees` by employee id). */
const SALARY_TABLES = ['salaries', 'salary_costs', 'salary_cost_details'] as const;
/** Beyond this many changed rows, computing all again is as quick and simpler. */
const MOST_ROWS_REFRESHED = 500;

function tracked(versions: ReadonlyMap<string, number>): Map<string, number> {
  return new Map([...SALARY_TABLES, 'employees'].map((table) => [table, versions.get(table) ?? 0]));
}

/** The figures of `inputs` as of `day`, added to the maps. */
function addFigures(
  inputs: ScheduleInputs,
  day: string,
  paymentsByCost: Map<number, CostDetail[]>,
  bySalary: Map<number, SalaryFigures>,
): void {
  const { details, totals } = computeSchedules(inputs, day);
  for (const { costId, ...payment } of details) {
    const list = paymentsByCost.get(costId);
    if (list) list.push(payment);
    else paymentsByCost.set(costId, [payment]);
  }
  const costIds = new Map<number, number[]>();
  for (const cost of inputs.costRows) costIds.set(cost.salaryId, [...(costIds.get(cost.salaryId) ?? []), cost.id]);
  for (const total of totals) {
    bySalary.set(total.id, {
      employeeDeductions: total.employeeDeductions,
      netAdjustments: parseNetAdjustments(total.netAdjustments),
      costIds: costIds.get(total.id) ?? [],
    });
  }
}

function pastDay({ firstMonth }: PartScope): string {
  return `${addMonthsToMonth(firstMonth, -LEAD_MONTHS)}-01`;
}

/** The organisation's past figures (one part of the forecast's data: forecast-inputs.ts). */
export async function loadPastFigures(db: AppDatabase, scope: PartScope): Promise<PastFigures> {
  const day = pastDay(scope);
  const paymentsByCost = new Map<number, CostDetail[]>();
  const bySalary = new Map<number, SalaryFigures>();
  addFigures(await loadScheduleInputs(db, scope.organisationId, { all: true }), day, paymentsByCost, bySalary);
  return { day, versions: tracked(scope.versions), paymentsByCost, bySalary };
}

/**
 * `previous` (of the same day) brought up to date: the employees whose salaries, costs or own rows
 * were written since are computed again, whole (a 13th salary may be paid by a later salary); the
 * others keep their figures (the same objects).
 */
export async function refreshedPastFigures(
  db: AppDatabase,
  scope: PartScope,
  previous: PastFigures,
): Promise<PastFigures> {
  const { organisationId } = scope;
  const since = (table: string) => previous.versions.get(table) ?? 0;
  const [employeeIds, ...changes] = await Promise.all([
    changedRowsOf(db, scope, 'employees', since('employees')),
    ...SALARY_TABLES.map((table) => changedRowsOf(db, scope, table, since(table))),
  ]);
  if (employeeIds === undefined || changes.some((ids) => ids === undefined)) return loadPastFigures(db, scope);
  const ids = [...new Set(changes.flatMap((changed) => changed ?? []))];
  if (ids.length + employeeIds.length > MOST_ROWS_REFRESHED) return loadPastFigures(db, scope);
  if (ids.length + employeeIds.length === 0) {
    return recordChanges({ ...previous, versions: tracked(scope.versions) }, previous, new Map());
  }
  const inputs = await loadScheduleInputs(db, organisationId, { ids, employeeIds });
  const salaryIds = new Set([...ids, ...inputs.salaryRows.map((row) => row.id)]);
  const droppedCosts = new Set<number>();
  for (const salaryId of salaryIds) {
    for (const costId of previous.bySalary.get(salaryId)?.costIds ?? []) droppedCosts.add(costId);
  }
  const freshPayments = new Map<number, CostDetail[]>();
  const freshFigures = new Map<number, SalaryFigures>();
  addFigures(inputs, previous.day, freshPayments, freshFigures);
  const paymentsByCost = Layer.over(previous.paymentsByCost, droppedCosts, freshPayments);
  const bySalary = Layer.over(previous.bySalary, salaryIds, freshFigures);
  // The salaries whose figures are new (list-changes.ts): the service maps only those again.
  return recordChanges(
    { day: previous.day, versions: tracked(scope.versions), paymentsByCost, bySalary },
    previous,
    new Map([...salaryIds].map((id) => [id, undefined])),
  );
}

/**
 * The salaries with their past figures, each kept while its salary (with its cost list) and its
 * figures are the same objects: the engine's models find the changed ones by identity, so a write
 * to one employee changes only their salaries.
 *
 * The figures object alone says whether a salary's cost payments moved: the payments of a cost are
 * only ever computed together with its salary's figures (`addFigures`, and `refreshedPastFigures`
 * drops and computes both for every salary it touches), so unchanged figures mean unchanged
 * payments. Checking every cost's payments instead cost a quarter of the server's CPU of a read
 * after a one-row write in the big organisation (24,000 lookups per read; docs/forecast.md "After a
 * write").
 */
export function createPastSalaries() {
  const kept = new WeakMap<ForecastSalary, { own: SalaryFigures | undefined; past: ForecastSalary }>();
  /** The salary with its past figures (the same object while both are). */
  const one = (salary: ForecastSalary, figures: PastFigures): ForecastSalary => {
    const own = figures.bySalary.get(salary.id);
    const known = kept.get(salary);
    if (known && known.own === own) return known.past;
    const costs: ForecastSalaryCost[] = salary.costs.map((cost) => ({
      ...cost,
      details: figures.paymentsByCost.get(cost.id) ?? [],
    }));
    const past: ForecastSalary = {
      ...salary,
      employeeDeductions: own?.employeeDeductions ?? salary.employeeDeductions,
      netAdjustments: own?.netAdjustments ?? [],
      costs,
    };
    kept.set(salary, { own, past });
    return past;
  };
  return Object.assign(
    (salaries: readonly ForecastSalary[], figures: PastFigures): ForecastSalary[] =>
      salaries.map((salary) => one(salary, figures)),
    { one },
  );
}
