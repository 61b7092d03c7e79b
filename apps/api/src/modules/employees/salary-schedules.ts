import { employeeSalaryFigures, forecastHorizonEnd, formatNetAdjustments } from '@saldopilot/shared';
import type { AppDatabase } from '../../db/client.js';
import {
  hasStaleSchedules,
  loadScheduleInputs,
  lockOrganisationSchedules,
  storeSchedules,
  type SalaryTotals,
  type ScheduleInputs,
  type StoredDetail,
} from './salary-schedules.repository.js';

/** The salaries as the schedule rules read them: the forecasts' past figures compute from them too. */
export { loadScheduleInputs, type ScheduleInputs };

/**
 * The stored schedules of salary costs (docs/salary-rules.md) and the deductions, employer costs
 * and net adjustments of salaries depend on "today". Every change recomputes the salaries it
 * touches (`recomputeSalarySchedules`, inside the change's database transaction, always whole
 * employees: a 13th salary may be paid by the next salary); every read of the area — and the
 * forecast — first calls `ensureFreshSchedules`, which recomputes whatever was computed for another
 * day. `salaries.schedule_date` records the day of each salary's figures.
 */

/** The schedules and totals of the loaded salaries, computed in memory by the shared rules. */
export function computeSchedules(
  inputs: ScheduleInputs,
  today: string,
): { details: StoredDetail[]; totals: SalaryTotals[] } {
  // As far as the longest forecast reaches (60 months), not the reference's 36 (docs/forecast.md).
  const figures = employeeSalaryFigures(inputs.salaryRows, inputs.costRows, today, forecastHorizonEnd(today));
  const details: StoredDetail[] = [];
  const totals: SalaryTotals[] = [];
  for (const [id, { costs, deductions, netAdjustments }] of figures) {
    for (const cost of costs) for (const detail of cost.schedule) details.push({ costId: cost.id, ...detail });
    totals.push({ id, ...deductions, netAdjustments: formatNetAdjustments(netAdjustments) });
  }
  return { details, totals };
}

/** Computes and stores the schedules of the loaded salaries for `today`. */
async function recomputeLoaded(db: AppDatabase, organisationId: number, inputs: ScheduleInputs, today: string) {
  if (inputs.salaryRows.length === 0) return;
  const { details, totals } = computeSchedules(inputs, today);
  const salaryIds = inputs.salaryRows.map((row) => row.id);
  await storeSchedules(db, organisationId, today, salaryIds, details, totals);
}

/**
 * Recomputes the schedules, deductions and employer costs of the given salaries for `today`. Call
 * inside the database transaction of the change, after `lockOrganisationSchedules`.
 */
export async function recomputeSalarySchedules(
  db: AppDatabase,
  organisationId: number,
  salaryIds: number[],
  today: string,
): Promise<void> {
  const ids = [...new Set(salaryIds)];
  if (ids.length === 0) return;
  await recomputeLoaded(db, organisationId, await loadScheduleInputs(db, organisationId, { ids }), today);
}

export { lockOrganisationSchedules };

/**
 * Makes the stored schedules of the organisation current for `today`: every salary whose figures
 * were computed for another day (or never) is recomputed, in one database transaction under the
 * organisation's schedule lock (so concurrent reads do the work once), with a few batched queries.
 * Cheap when everything is fresh: one indexed query, no transaction. True when it recomputed any.
 */
export async function ensureFreshSchedules(db: AppDatabase, organisationId: number, today: string): Promise<boolean> {
  if (!(await hasStaleSchedules(db, organisationId, today))) return false;
  await db.transaction(async (tx) => {
    await lockOrganisationSchedules(tx, organisationId);
    await recomputeLoaded(tx, organisationId, await loadScheduleInputs(tx, organisationId, { staleFor: today }), today);
  });
  return true;
}
