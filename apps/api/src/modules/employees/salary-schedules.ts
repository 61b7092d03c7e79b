import {
  calculatedCostFields,
  costSchedule,
  costStepAmount,
  forecastHorizonEnd,
  salaryDeductions,
  SalaryCostBaseError,
  type SalaryCostAmountInput,
} from '@saldopilot/shared';
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

/**
 * The stored schedules of salary costs (research §5.5) and the deductions / employer costs of
 * salaries (§5.6) depend on "today". Every change recomputes the salaries it touches
 * (`recomputeSalarySchedules`, inside the change's database transaction); every read of the
 * area — and the forecast — first calls `ensureFreshSchedules`, which recomputes whatever was
 * computed for another day. `salaries.schedule_date` records the day of each salary's figures.
 */

/** The schedules and totals of the loaded salaries, computed in memory by the shared rules. */
export function computeSchedules(
  inputs: ScheduleInputs,
  today: string,
): { details: StoredDetail[]; totals: SalaryTotals[] } {
  // As far as the longest forecast reaches (60 months), not the reference's 36 (FORECAST.md 1).
  const horizonEnd = forecastHorizonEnd(today);
  const costsOf = new Map<number, ScheduleInputs['costRows']>();
  for (const cost of inputs.costRows) {
    const list = costsOf.get(cost.salaryId) ?? [];
    list.push(cost);
    costsOf.set(cost.salaryId, list);
  }
  const details: StoredDetail[] = [];
  const totals: SalaryTotals[] = [];
  for (const salary of inputs.salaryRows) {
    const costs = costsOf.get(salary.id) ?? [];
    const byId = new Map<number, SalaryCostAmountInput>(costs.map((cost) => [cost.id, cost]));
    const withFields = [];
    for (const cost of costs) {
      let stepAmount = 0;
      try {
        stepAmount = costStepAmount(byId.get(cost.id)!, salary.amount, byId);
      } catch (error) {
        // The API refuses such bases; a row that slipped past them costs nothing rather than failing a read.
        if (!(error instanceof SalaryCostBaseError)) throw error;
      }
      const schedule = costSchedule({ salary, cost, stepAmount, today, horizonEnd });
      for (const detail of schedule) details.push({ costId: cost.id, ...detail });
      const fields = calculatedCostFields(schedule, today, 'skip-previous');
      withFields.push({
        distributionType: cost.distributionType,
        cycle: cost.cycle,
        calculatedAmount: fields.calculatedAmount,
      });
    }
    totals.push({ id: salary.id, ...salaryDeductions(salary, withFields) });
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
