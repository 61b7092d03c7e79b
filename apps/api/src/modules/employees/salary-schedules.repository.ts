import { and, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client.js';
import { salaries, salaryCostBaseLinks, salaryCostDetails, salaryCosts } from '../../db/schema/index.js';

/** The advisory-lock class of the schedule work of one organisation (the second key is its id). */
const SCHEDULE_LOCK_CLASS = 0x5a1a;

/**
 * A column of values as one PostgreSQL array literal ('{1,2,3}'): a batch is a handful of bound
 * parameters expanded by `unnest`, not thousands (parsing those is what makes big inserts slow).
 * Only numbers, booleans and 'YYYY-MM' months pass through here, so nothing needs quoting.
 */
function arrayLiteral(values: readonly (number | string | boolean)[]): string {
  return `{${values.map((value) => (typeof value === 'boolean' ? (value ? 't' : 'f') : String(value))).join(',')}}`;
}

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
  which: { ids: number[] } | { staleFor: string },
) {
  const chosen = 'ids' in which ? inArray(salaries.id, which.ids) : staleFor(which.staleFor);
  if ('ids' in which && which.ids.length === 0) return { salaryRows: [], costRows: [] };
  const salaryRows = await db
    .select({
      id: salaries.id,
      amount: salaries.amount,
      cycle: salaries.cycle,
      fromDate: salaries.fromDate,
      toDate: salaries.toDate,
      isDisabled: salaries.isDisabled,
      isTermination: salaries.isTermination,
    })
    .from(salaries)
    .where(and(eq(salaries.organisationId, organisationId), chosen));
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
    .where(and(eq(salaryCosts.organisationId, organisationId), inArray(salaryCosts.salaryId, salaryIds)));
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
}

/** A stored payment's key: a cost pays at most once a month. */
const detailKey = (detail: { costId: number; month: string }) => `${detail.costId}|${detail.month}`;

/** Splits the computed payments against the stored ones: what to delete, what to insert or update. */
export function scheduleChanges(stored: readonly StoredDetail[], computed: readonly StoredDetail[]) {
  const before = new Map(stored.map((detail) => [detailKey(detail), detail]));
  const upserts = computed.filter((detail) => {
    const old = before.get(detailKey(detail));
    before.delete(detailKey(detail));
    return (
      !old || old.amount !== detail.amount || old.divider !== detail.divider || old.isExtraMonth !== detail.isExtraMonth
    );
  });
  return { deletes: [...before.values()], upserts };
}

/**
 * Replaces the stored schedules of the salaries' costs and sets their deductions, employer costs
 * and `schedule_date`, in a few statements for any number of salaries (no query per salary). Only
 * what differs is written: a change of one cost rewrites that cost's payments, not the salary's
 * hundreds, and a new day keeps every payment that stayed the same (writes, not reads, are the
 * cost of a save).
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
  const stored = await db
    .select(storedDetailColumns)
    .from(salaryCostDetails)
    .innerJoin(salaryCosts, eq(salaryCosts.id, salaryCostDetails.costId))
    .where(and(eq(salaryCosts.organisationId, organisationId), inArray(salaryCosts.salaryId, salaryIds)));
  const { deletes, upserts } = scheduleChanges(stored, details);
  if (deletes.length > 0) {
    await db.execute(sql`delete from ${salaryCostDetails} d
      using unnest(${arrayLiteral(deletes.map((row) => row.costId))}::int[],
                   ${arrayLiteral(deletes.map((row) => row.month))}::varchar[]) as gone(cost_id, month)
      where d.cost_id = gone.cost_id and d.month = gone.month`);
  }
  if (upserts.length > 0) {
    await db.execute(sql`insert into ${salaryCostDetails} (cost_id, month, amount, divider, is_extra_month)
      select * from unnest(
        ${arrayLiteral(upserts.map((row) => row.costId))}::int[],
        ${arrayLiteral(upserts.map((row) => row.month))}::varchar[],
        ${arrayLiteral(upserts.map((row) => row.amount))}::bigint[],
        ${arrayLiteral(upserts.map((row) => row.divider))}::int[],
        ${arrayLiteral(upserts.map((row) => row.isExtraMonth))}::boolean[])
      on conflict (cost_id, month) do update
        set amount = excluded.amount, divider = excluded.divider, is_extra_month = excluded.is_extra_month`);
  }
  if (totals.length > 0) {
    await db.execute(sql`update ${salaries}
      set employee_deductions = v.deductions, employer_costs = v.employer_costs, schedule_date = ${today}::date
      from unnest(
        ${arrayLiteral(totals.map((row) => row.id))}::int[],
        ${arrayLiteral(totals.map((row) => row.employeeDeductions))}::bigint[],
        ${arrayLiteral(totals.map((row) => row.employerCosts))}::bigint[]) as v(id, deductions, employer_costs)
      where ${salaries.id} = v.id and ${salaries.organisationId} = ${organisationId}`);
  }
}
