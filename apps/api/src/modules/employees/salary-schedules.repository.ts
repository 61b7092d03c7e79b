import { and, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import { arrayLiteral, intArray, isAnyOf, textArray, textArrayLiteral } from '../../db/arrays.js';
import type { AppDatabase } from '../../db/client.js';
import { employees, salaries, salaryCostBaseLinks, salaryCostDetails, salaryCosts } from '../../db/schema/index.js';

/** The advisory-lock class of the schedule work of one organisation (the second key is its id). */
const SCHEDULE_LOCK_CLASS = 0x5a1a;

/**
 * Serialises the salary and schedule writes of one organisation until the database transaction
 * ends: a recomputation after a change and the daily refresh of a read never work on the same
 * rows at once, and concurrent reads of a stale organisation refresh it only once.
 */
export async function lockOrganisationSchedules(db: AppDatabase, organisationId: number): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(${SCHEDULE_LOCK_CLASS}::int, ${organisationId}::int)`);
}

/** Whether a salary of the organisation has schedules computed for another day than `today` (or none). */
export async function hasStaleSchedules(db: AppDatabase, organisationId: number, today: string): Promise<boolean> {
  const rows = await db
    .select({ id: salaries.id })
    .from(salaries)
    .where(and(eq(salaries.organisationId, organisationId), staleFor(today)))
    .limit(1);
  return rows.length > 0;
}

function staleFor(today: string) {
  return or(isNull(salaries.scheduleDate), ne(salaries.scheduleDate, today));
}

const links = salaryCostBaseLinks;

/** The ids of a cost's base costs, ascending, read with the cost itself (no query of its own). */
export const baseCostIdsColumn = sql<
  number[]
>`coalesce((select array_agg(${links.baseCostId} order by ${links.baseCostId})
  from ${links} where ${links.costId} = ${salaryCosts.id}), '{}')`;

/** What the schedule rules need of the chosen salaries: `ids`, or every stale one for `today`. */
export async function loadScheduleInputs(
  db: AppDatabase,
  organisationId: number,
  which: { ids: number[]; employeeIds?: number[] } | { staleFor: string } | { all: true },
) {
  if ('ids' in which && which.ids.length + (which.employeeIds?.length ?? 0) === 0) {
    return { salaryRows: [], costRows: [] };
  }
  // Whole employees: a salary's 13th salary may be paid by its successor (docs/salary-rules.md).
  const chosen =
    'ids' in which
      ? or(isAnyOf(salaries.id, which.ids), isAnyOf(salaries.employeeId, which.employeeIds ?? []))
      : 'all' in which
        ? sql`true`
        : staleFor(which.staleFor);
  const chosenEmployees = db
    .select({ employeeId: salaries.employeeId })
    .from(salaries)
    .where(and(eq(salaries.organisationId, organisationId), chosen));
  const salaryRows = await db
    .select({
      id: salaries.id,
      employeeId: salaries.employeeId,
      birthDate: employees.birthDate,
      amount: salaries.amount,
      cycle: salaries.cycle,
      fromDate: salaries.fromDate,
      toDate: salaries.toDate,
      isDisabled: salaries.isDisabled,
      isTermination: salaries.isTermination,
      hasThirteenthSalary: salaries.hasThirteenthSalary,
      thirteenthSalaryMonth: salaries.thirteenthSalaryMonth,
    })
    .from(salaries)
    .innerJoin(employees, eq(employees.id, salaries.employeeId))
    .where(and(eq(salaries.organisationId, organisationId), inArray(salaries.employeeId, chosenEmployees)));
  if (salaryRows.length === 0) return { salaryRows, costRows: [] };
  const salaryIds = salaryRows.map((row) => row.id);
  const costRows = await db
    .select({
      id: salaryCosts.id,
      salaryId: salaryCosts.salaryId,
      cycle: salaryCosts.cycle,
      amountType: salaryCosts.amountType,
      amount: salaryCosts.amount,
      distributionType: salaryCosts.distributionType,
      relativeOffset: salaryCosts.relativeOffset,
      targetDate: salaryCosts.targetDate,
      baseSalaryCostIDs: baseCostIdsColumn,
    })
    .from(salaryCosts)
    .where(and(eq(salaryCosts.organisationId, organisationId), isAnyOf(salaryCosts.salaryId, salaryIds)));
  return { salaryRows, costRows };
}

export type ScheduleInputs = Awaited<ReturnType<typeof loadScheduleInputs>>;

/** The columns of a stored payment, as `StoredDetail`. */
export const storedDetailColumns = {
  costId: salaryCostDetails.costId,
  month: salaryCostDetails.month,
  amount: salaryCostDetails.amount,
  divider: salaryCostDetails.divider,
  isExtraMonth: salaryCostDetails.isExtraMonth,
};

export interface StoredDetail {
  costId: number;
  month: string;
  amount: number;
  divider: number;
  isExtraMonth: boolean;
}

export interface SalaryTotals {
  id: number;
  employeeDeductions: number;
  employerCosts: number;
  /** 'YYYY-MM:cents' entries joined by ';' (the months whose net differs), '' for none. */
  netAdjustments: string;
}

/**
 * Replaces the stored schedules of the salaries' costs and sets their deductions, employer costs
 * and `schedule_date`, in two statements for any number of salaries (no query per salary). Only
 * what differs is written: a change of one cost rewrites that cost's payments, not the salary's
 * hundreds, and a new day keeps every payment that stayed the same. The database compares the
 * computed payments with the stored ones itself: reading hundreds of stored payments back to
 * compare them here cost a save more than everything it writes (on PGlite a fifth of the save).
 */
export async function storeSchedules(
  db: AppDatabase,
  organisationId: number,
  today: string,
  salaryIds: number[],
  details: StoredDetail[],
  totals: SalaryTotals[],
): Promise<void> {
  if (salaryIds.length === 0) return;
  // One statement: the CTE deletes the payments no longer due (never among the computed ones, so
  // the insert cannot meet them); the insert writes only new and changed payments (an unchanged one
  // that reached ON CONFLICT would still be locked, which writes its page).
  await db.execute(sql`with computed (cost_id, month, amount, divider, is_extra_month) as (
      select * from unnest(
        ${arrayLiteral(details.map((row) => row.costId))}::int[],
        ${textArray(details.map((row) => row.month))},
        ${arrayLiteral(details.map((row) => row.amount))}::bigint[],
        ${arrayLiteral(details.map((row) => row.divider))}::int[],
        ${arrayLiteral(details.map((row) => row.isExtraMonth))}::boolean[])
    ), gone as (
      delete from ${salaryCostDetails} d using ${salaryCosts} c
      where c.id = d.cost_id and c.organisation_id = ${organisationId}
        and c.salary_id = any(${intArray(salaryIds)})
        and not exists (select from computed n where n.cost_id = d.cost_id and n.month = d.month)
    )
    insert into ${salaryCostDetails} (cost_id, month, amount, divider, is_extra_month)
    select n.* from computed n
      left join ${salaryCostDetails} d on d.cost_id = n.cost_id and d.month = n.month
    where (d.amount, d.divider, d.is_extra_month) is distinct from (n.amount, n.divider, n.is_extra_month)
    on conflict (cost_id, month) do update
      set amount = excluded.amount, divider = excluded.divider, is_extra_month = excluded.is_extra_month`);
  if (totals.length > 0) {
    await db.execute(sql`update ${salaries}
      set employee_deductions = v.deductions, employer_costs = v.employer_costs,
        net_adjustments = v.net_adjustments, schedule_date = ${today}::date
      from unnest(
        ${arrayLiteral(totals.map((row) => row.id))}::int[],
        ${arrayLiteral(totals.map((row) => row.employeeDeductions))}::bigint[],
        ${arrayLiteral(totals.map((row) => row.employerCosts))}::bigint[],
        ${textArrayLiteral(totals.map((row) => row.netAdjustments))}::text[])
        as v(id, deductions, employer_costs, net_adjustments)
      where ${salaries.id} = v.id and ${salaries.organisationId} = ${organisationId}`);
  }
}
