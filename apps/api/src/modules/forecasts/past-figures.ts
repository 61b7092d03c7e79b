import type { ForecastSalary, ForecastSalaryCost } from '@saldopilot/forecast';
import { addMonthsToMonth, parseNetAdjustments, type CostDetail } from '@saldopilot/shared';
import type { AppDatabase } from '../../db/client.js';
import { computeSchedules } from '../employees/salary-schedules.js';
import { loadScheduleInputs } from '../employees/salary-schedules.repository.js';
import type { PartScope } from './forecast-inputs.js';

/**
 * The salary figures that plan the months before today's (docs/plan-actual.md "Planned
 * occurrences"): the stored schedules start today, so past months would plan no salary costs and no
 * 13th salary. The same salary rules computed as of a day 12 months before the first month plan vs
 * actual reads (a year for the first, catch-up payment to pass) give those months what the plan says
 * for them. Computed in memory, never stored.
 */
export interface PastFigures {
  /** The day the figures are computed as of. */
  day: string;
  paymentsByCost: ReadonlyMap<number, CostDetail[]>;
  bySalary: ReadonlyMap<number, Pick<ForecastSalary, 'employeeDeductions' | 'netAdjustments'>>;
}

/** Months between the day of the past figures and the first month plan vs actual reads. */
const LEAD_MONTHS = 12;

/** The organisation's past figures (one part of the forecast's data: forecast-inputs.ts). */
export async function loadPastFigures(
  db: AppDatabase,
  { organisationId, firstMonth }: PartScope,
): Promise<PastFigures> {
  const day = `${addMonthsToMonth(firstMonth, -LEAD_MONTHS)}-01`;
  const { details, totals } = computeSchedules(await loadScheduleInputs(db, organisationId, { all: true }), day);
  const paymentsByCost = new Map<number, CostDetail[]>();
  for (const { costId, ...payment } of details) {
    const list = paymentsByCost.get(costId);
    if (list) list.push(payment);
    else paymentsByCost.set(costId, [payment]);
  }
  const bySalary = new Map(
    totals.map((total) => [
      total.id,
      { employeeDeductions: total.employeeDeductions, netAdjustments: parseNetAdjustments(total.netAdjustments) },
    ]),
  );
  return { day, paymentsByCost, bySalary };
}

/**
 * The salaries with their past figures, each kept while its salary (with its cost list) and the
 * figures are the same objects: the engine's models find the changed ones by identity.
 */
export function createPastSalaries() {
  const kept = new WeakMap<ForecastSalary, { figures: PastFigures; past: ForecastSalary }>();
  return (salaries: readonly ForecastSalary[], figures: PastFigures): ForecastSalary[] =>
    salaries.map((salary) => {
      const known = kept.get(salary);
      if (known?.figures === figures) return known.past;
      const own = figures.bySalary.get(salary.id);
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
      kept.set(salary, { figures, past });
      return past;
    });
}
