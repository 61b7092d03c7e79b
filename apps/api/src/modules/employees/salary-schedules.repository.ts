import { and, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client.js';
import { salaries, salaryCostBaseLinks, salaryCostDetails, salaryCosts } from '../../db/schema/index.js';

/** The advisory-lock class of the schedule work of one organisation (the second key is its id). */
const SCHEDULE_LOCK_CLASS = 0x5a1a;

/** Rows per multi-row statement: well below PostgreSQL's 65,535 bound parameters. */
const CHUNK = 2_000;

function chunks<T>(rows: readonly T[]): T[][] {
  const parts: T[][] = [];
  for (let i = 0; i < rows.length; i += CHUNK) parts.push(rows.slice(i, i + CHUNK));
  return parts;
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

/** What the schedule rules need of the chosen salaries: `ids`, or every stale one for `today`. */
export async function loadScheduleInputs(
  db: AppDatabase,
  organisationId: number,
  which: { ids: number[] } | { staleFor: string },
) {
  const chosen = 'ids' in which ? inArray(salaries.id, which.ids) : staleFor(which.staleFor);
  if ('ids' in which && which.ids.length === 0) return { salaryRows: [], costRows: [], linkRows: [] };
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
  if (salaryRows.length === 0) return { salaryRows, costRows: [], linkRows: [] };
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
    })
    .from(salaryCosts)
    .where(and(eq(salaryCosts.organisationId, organisationId), inArray(salaryCosts.salaryId, salaryIds)));
  const linkRows =
    costRows.length === 0
      ? []
      : await db
          .select({ costId: salaryCostBaseLinks.costId, baseCostId: salaryCostBaseLinks.baseCostId })
          .from(salaryCostBaseLinks)
          .innerJoin(salaryCosts, eq(salaryCosts.id, salaryCostBaseLinks.costId))
          .where(and(eq(salaryCosts.organisationId, organisationId), inArray(salaryCosts.salaryId, salaryIds)));
  return { salaryRows, costRows, linkRows };
}

export type ScheduleInputs = Awaited<ReturnType<typeof loadScheduleInputs>>;

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

/**
 * Replaces the stored schedules of the salaries' costs and sets their deductions, employer costs
 * and `schedule_date`: one delete, multi-row inserts and multi-row updates (no query per salary).
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
  await db.delete(salaryCostDetails).where(
    inArray(
      salaryCostDetails.costId,
      db
        .select({ id: salaryCosts.id })
        .from(salaryCosts)
        .where(and(eq(salaryCosts.organisationId, organisationId), inArray(salaryCosts.salaryId, salaryIds))),
    ),
  );
  for (const part of chunks(details)) await db.insert(salaryCostDetails).values(part);
  for (const part of chunks(totals)) {
    const values = sql.join(
      part.map((row) => sql`(${row.id}::int, ${row.employeeDeductions}::bigint, ${row.employerCosts}::bigint)`),
      sql`, `,
    );
    await db.execute(sql`update ${salaries}
      set employee_deductions = v.deductions, employer_costs = v.employer_costs, schedule_date = ${today}::date
      from (values ${values}) as v(id, deductions, employer_costs)
      where ${salaries.id} = v.id and ${salaries.organisationId} = ${organisationId}`);
  }
}
