/**
 * The raise and leave levers (docs/scenarios.md "Raise", "Leave"): each changes an employee's salary
 * timeline as the employees area would — a new salary row from the date with the costs of the row
 * it follows (a raise), a termination row on the exit date (a leave), the neighbours' ends by the
 * timeline rules (`timelineAfterCreate`) — and the whole employee's figures are computed again by
 * the rules the employees area stores them with (`employeeSalaryFigures`): cost schedules, 13th
 * salary pro rata, BVG by age on the new yearly salary, deductions, net adjustments. Pure.
 */

import {
  employeeSalaryFigures,
  forecastHorizonEnd,
  swissPresetCost,
  swissPresets,
  timelineAfterCreate,
  type EmployeeSalaryRow,
  type LeaveLever,
  type RaiseLever,
  type SalaryCostRow,
} from '@saldopilot/shared';
import type { ForecastInput, ForecastSalary, ForecastSalaryCost } from './types.js';

/** An employee's salary rows and their cost rows, as the employees area computes its figures from. */
export interface EmployeeTimeline {
  salaries: readonly EmployeeSalaryRow[];
  costs: readonly SalaryCostRow[];
}

/**
 * Ids of the rows a raise or leave adds (salaries and their costs): negative and far below the
 * −(lever id × 1000 + k) of added transactions, so a raise of a thousand employees meets no other
 * lever's ids. Their leaves are the employee's (by employee id) and the labels' (by label id).
 */
export function payrollId(leverId: number, k: number): number {
  return -(1_000_000_000_000 + leverId * 1_000_000 + k);
}

/** × (100 + percent) / 100 rounded once, as every percentage lever (scenario-levers.ts). */
type Scale = (amount: number) => number;

/**
 * A cost row as it stands on a salary of `amount`: a percentage row of a Swiss preset with the law's
 * insured-earnings ceiling (ALV, UVG NBU, UVG BU, by its label) becomes the fixed amount on the
 * ceiling above it, exactly as the presets store it (`swissPresetCost`). Other rows stay as they are:
 * a fixed amount is fixed, BVG by age follows the yearly salary in the figures themselves.
 */
function atSalary(cost: SalaryCostRow, label: string | null, salary: EmployeeSalaryRow): SalaryCostRow {
  if (cost.amountType !== 'percentage' || cost.baseSalaryCostIDs.length > 0) return cost;
  const preset = swissPresets.find((entry) => entry.label === label && typeof entry.ceiling === 'number');
  if (preset === undefined) return cost;
  const row = swissPresetCost(preset.id, salary, { rate: cost.amount });
  return row.capped ? { ...cost, amountType: 'fixed', amount: row.amount } : cost;
}

/** What a changed timeline is rebuilt from: the rows and, per cost id, the cost it was copied from. */
interface ChangedTimeline {
  salaries: EmployeeSalaryRow[];
  costs: SalaryCostRow[];
  sourceOf: Map<number, number>;
}

/** The timeline with a raise from `from`: rows from then on raised, the row running then split. */
function raised(timeline: EmployeeTimeline, nextId: () => number, from: string, scale: Scale, labels: LabelOf) {
  const changed: ChangedTimeline = { salaries: [], costs: [], sourceOf: new Map() };
  const paid = (row: EmployeeSalaryRow) => !row.isDisabled && !row.isTermination;
  for (const row of timeline.salaries) {
    const raisedRow = paid(row) && row.fromDate >= from ? { ...row, amount: scale(row.amount) } : row;
    changed.salaries.push(raisedRow);
    for (const cost of timeline.costs) {
      if (cost.salaryId !== row.id) continue;
      changed.costs.push(raisedRow === row ? cost : atSalary(cost, labels(cost.id), raisedRow));
      changed.sourceOf.set(cost.id, cost.id);
    }
  }
  // The row running on `from` (the latest paid one started before it, not ended before it).
  const running = timeline.salaries
    .filter((row) => paid(row) && row.fromDate < from && (row.toDate === null || row.toDate >= from))
    .sort((a, b) => (a.fromDate < b.fromDate ? 1 : -1))[0];
  if (running === undefined) return changed;
  const created: EmployeeSalaryRow = {
    ...running,
    id: nextId(),
    amount: scale(running.amount),
    fromDate: from,
    toDate: running.toDate,
  };
  // The costs copied onto it, their bases among them remapped (the employees area's "Lohnkosten kopieren").
  const copies = timeline.costs.filter((cost) => cost.salaryId === running.id);
  const copyId = new Map(copies.map((cost) => [cost.id, nextId()]));
  for (const cost of copies) {
    const id = copyId.get(cost.id) as number;
    const bases = cost.baseSalaryCostIDs.flatMap((base) => (copyId.has(base) ? [copyId.get(base) as number] : []));
    changed.costs.push(
      atSalary({ ...cost, id, salaryId: created.id, baseSalaryCostIDs: bases }, labels(cost.id), created),
    );
    changed.sourceOf.set(id, cost.id);
  }
  return withEnds(changed, created);
}

/** The timeline with an exit on `date`: a termination row then, the rows starting later left out. */
function left(timeline: EmployeeTimeline, nextId: () => number, date: string): ChangedTimeline {
  const salaries = timeline.salaries.filter((row) => row.fromDate < date);
  const ids = new Set(salaries.map((row) => row.id));
  const costs = timeline.costs.filter((cost) => ids.has(cost.salaryId));
  const first = salaries[0] ?? timeline.salaries[0];
  const termination: EmployeeSalaryRow = {
    id: nextId(),
    employeeId: first?.employeeId ?? 0,
    birthDate: first?.birthDate ?? null,
    amount: 0,
    cycle: 'monthly',
    fromDate: date,
    toDate: null,
    isDisabled: false,
    isTermination: true,
    hasThirteenthSalary: false,
    thirteenthSalaryMonth: 12,
  };
  return withEnds({ salaries, costs, sourceOf: new Map(costs.map((cost) => [cost.id, cost.id])) }, termination);
}

/** Adds `created` and sets the ends the timeline rules give it and its neighbours. */
function withEnds(changed: ChangedTimeline, created: EmployeeSalaryRow): ChangedTimeline {
  const ends = new Map(timelineAfterCreate(changed.salaries, created).map((end) => [end.id, end.toDate]));
  const salaries = [...changed.salaries, created].map((row) =>
    ends.has(row.id) ? { ...row, toDate: ends.get(row.id) as string | null } : row,
  );
  return { ...changed, salaries };
}

type LabelOf = (costId: number) => string | null;

/**
 * The employee's forecast salaries for a changed timeline: every row with its figures computed anew
 * as of the input's today. A base row keeps its name, currency and cost labels; a payment the base
 * row holds in a month the new figures have none for (today's month, taken from the past figures:
 * docs/salary-costs.md "Costs in the forecast") stays.
 */
function rebuilt(input: ForecastInput, base: readonly ForecastSalary[], changed: ChangedTimeline): ForecastSalary[] {
  const template = base[0] as ForecastSalary;
  const baseById = new Map(base.map((salary) => [salary.id, salary]));
  const costMeta = new Map<number, ForecastSalaryCost>();
  for (const salary of base) for (const cost of salary.costs) costMeta.set(cost.id, cost);
  const figures = employeeSalaryFigures(changed.salaries, changed.costs, input.today, forecastHorizonEnd(input.today));
  return changed.salaries.map((row) => {
    const own = baseById.get(row.id);
    const result = figures.get(row.id);
    const costs = (result?.costs ?? []).flatMap((cost) => {
      const meta = costMeta.get(changed.sourceOf.get(cost.id) ?? cost.id);
      if (meta === undefined) return [];
      const current = input.today.slice(0, 7);
      const kept = own?.costs.find((candidate) => candidate.id === cost.id)?.details.find((d) => d.month === current);
      const details =
        kept === undefined || cost.schedule.some((detail) => detail.month === current)
          ? cost.schedule
          : [...cost.schedule, kept].sort((a, b) => (a.month < b.month ? -1 : a.month > b.month ? 1 : 0));
      return [{ ...meta, id: cost.id, details }];
    });
    return {
      ...(own ?? template),
      id: row.id,
      amount: row.amount,
      cycle: row.cycle,
      fromDate: row.fromDate,
      toDate: row.toDate,
      isDisabled: row.isDisabled,
      isTermination: row.isTermination,
      employeeDeductions: result?.deductions.employeeDeductions ?? 0,
      netAdjustments: result?.netAdjustments ?? [],
      costs,
    };
  });
}

/**
 * Replaces the salaries of the employees `change` names by their rebuilt timelines, and keeps the
 * changed timelines in `employees`: a later lever starts from them (levers compose in their order).
 */
function withTimelines(
  input: ForecastInput,
  leverId: number,
  employees: Map<number, EmployeeTimeline>,
  ids: readonly number[],
  change: (timeline: EmployeeTimeline, labels: LabelOf, nextId: () => number) => ChangedTimeline,
): ForecastInput {
  // One counter for the lever: the rows of every employee it changes take distinct ids.
  let k = 0;
  const nextId = () => payrollId(leverId, k++);
  // Only the salaries of the employees the lever changes are gathered: one pass, nothing copied.
  const wanted = new Set(ids.filter((id) => (employees.get(id)?.salaries.length ?? 0) > 0));
  if (wanted.size === 0) return input;
  const byEmployee = new Map<number, ForecastSalary[]>();
  for (const salary of input.salaries) {
    if (!wanted.has(salary.employeeId)) continue;
    const rows = byEmployee.get(salary.employeeId);
    if (rows) rows.push(salary);
    else byEmployee.set(salary.employeeId, [salary]);
  }
  const replaced = new Map<number, ForecastSalary[]>();
  for (const id of ids) {
    const timeline = employees.get(id);
    const base = byEmployee.get(id);
    if (timeline === undefined || base === undefined || timeline.salaries.length === 0) continue;
    const labelOf = new Map<number, string | null>();
    for (const salary of base) for (const cost of salary.costs) labelOf.set(cost.id, cost.labelName);
    const changed = change(timeline, (costId) => labelOf.get(costId) ?? null, nextId);
    employees.set(id, { salaries: changed.salaries, costs: changed.costs });
    replaced.set(id, rebuilt(input, base, changed));
  }
  if (replaced.size === 0) return input;
  const salaries: ForecastSalary[] = [];
  for (const salary of input.salaries) {
    const rows = replaced.get(salary.employeeId);
    if (rows === undefined) salaries.push(salary);
    else if (rows.length > 0) {
      salaries.push(...rows);
      replaced.set(salary.employeeId, []);
    }
  }
  return { ...input, salaries };
}

/** The raise lever: one employee's timeline, or every employee's (docs/scenarios.md "Raise"). */
export function applyRaise(
  input: ForecastInput,
  leverId: number,
  lever: RaiseLever,
  employees: Map<number, EmployeeTimeline>,
  scale: Scale,
): ForecastInput {
  const ids = lever.employeeId == null ? [...employees.keys()] : [lever.employeeId];
  return withTimelines(input, leverId, employees, ids, (timeline, labels, nextId) =>
    raised(timeline, nextId, lever.from, scale, labels),
  );
}

/** The leave lever: the employee leaves on the date (docs/scenarios.md "Leave"). */
export function applyLeave(
  input: ForecastInput,
  leverId: number,
  lever: LeaveLever,
  employees: Map<number, EmployeeTimeline>,
): ForecastInput {
  return withTimelines(input, leverId, employees, [lever.employeeId], (timeline, _labels, nextId) =>
    left(timeline, nextId, lever.date),
  );
}
