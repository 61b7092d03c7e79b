import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AmountType, PageQuery } from '@saldopilot/shared';
import type { AppDatabase } from '../../db/client.js';
import {
  employees,
  salaries,
  salaryCostBaseLinks,
  salaryCostDetails,
  salaryCostLabels,
  salaryCosts,
} from '../../db/schema/index.js';
import { germanOrder } from '../../lib/german-order.js';
import { totalCountColumn } from '../../lib/list-query.js';
import { baseCostIdsColumn, storedDetailColumns } from './salary-schedules.repository.js';

const c = salaryCosts;

const costColumns = {
  id: c.id,
  salaryId: c.salaryId,
  labelId: salaryCostLabels.id,
  labelName: salaryCostLabels.name,
  cycle: c.cycle,
  amountType: c.amountType,
  amount: c.amount,
  distributionType: c.distributionType,
  relativeOffset: c.relativeOffset,
  targetDate: c.targetDate,
};

function selectCosts<Extra extends Record<string, SQL.Aliased | SQL>>(db: AppDatabase, extra: Extra) {
  return db
    .select({ ...costColumns, baseCostIds: baseCostIdsColumn, ...extra })
    .from(c)
    .leftJoin(salaryCostLabels, eq(salaryCostLabels.id, c.labelId))
    .$dynamic();
}

/** One page of a salary's costs (with labels and base costs): by label name (German order, none last), then distribution. */
export async function listCosts(db: AppDatabase, organisationId: number, salaryId: number, query: PageQuery) {
  return selectCosts(db, { totalCount: totalCountColumn() })
    .where(and(eq(c.organisationId, organisationId), eq(c.salaryId, salaryId)))
    .orderBy(sql`${germanOrder(salaryCostLabels.name)} asc nulls last`, desc(c.distributionType), asc(c.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
}

export async function countCosts(db: AppDatabase, organisationId: number, salaryId: number): Promise<number> {
  return db.$count(c, and(eq(c.organisationId, organisationId), eq(c.salaryId, salaryId)));
}

/** Costs of the organisation by id (with their labels and base costs). */
export async function findCosts(db: AppDatabase, organisationId: number, ids: number[]) {
  if (ids.length === 0) return [];
  return selectCosts(db, {})
    .where(and(eq(c.organisationId, organisationId), inArray(c.id, ids)))
    .orderBy(asc(c.id));
}

export type CostRow = Awaited<ReturnType<typeof findCosts>>[number];

/** The stored schedules of the costs, by month. */
export async function detailsOf(db: AppDatabase, costIds: number[]) {
  if (costIds.length === 0) return [];
  return db
    .select(storedDetailColumns)
    .from(salaryCostDetails)
    .where(inArray(salaryCostDetails.costId, costIds))
    .orderBy(asc(salaryCostDetails.costId), asc(salaryCostDetails.month));
}

/** What the base rules need of every cost of a salary. */
export function salaryCostShapes(db: AppDatabase, organisationId: number, salaryId: number) {
  return db
    .select({
      id: c.id,
      amountType: c.amountType,
      amount: c.amount,
      distributionType: c.distributionType,
      baseSalaryCostIDs: baseCostIdsColumn,
    })
    .from(c)
    .where(and(eq(c.organisationId, organisationId), eq(c.salaryId, salaryId)));
}

/** The salary a cost is added to, or undefined. */
export async function findSalaryOfCosts(db: AppDatabase, organisationId: number, salaryId: number) {
  const [row] = await db
    .select({
      id: salaries.id,
      amount: salaries.amount,
      cycle: salaries.cycle,
      isTermination: salaries.isTermination,
      hasThirteenthSalary: salaries.hasThirteenthSalary,
      birthDate: employees.birthDate,
    })
    .from(salaries)
    .innerJoin(employees, eq(employees.id, salaries.employeeId))
    .where(and(eq(salaries.id, salaryId), eq(salaries.organisationId, organisationId)));
  return row;
}

export interface CostValues {
  labelId: number | null;
  cycle: 'once' | 'monthly' | 'quarterly' | 'biannually' | 'yearly';
  amountType: AmountType;
  amount: number;
  distributionType: 'employee' | 'employer' | 'both';
  relativeOffset: number;
  targetDate: string | null;
}

/** Inserts costs of a salary in one statement; answers their ids in the given order. */
export async function insertCosts(
  db: AppDatabase,
  organisationId: number,
  salaryId: number,
  values: CostValues[],
): Promise<number[]> {
  if (values.length === 0) return [];
  const rows = await db
    .insert(c)
    .values(values.map((value) => ({ ...value, organisationId, salaryId })))
    .returning({ id: c.id });
  return rows.map((row) => row.id);
}

export async function updateCost(
  db: AppDatabase,
  organisationId: number,
  id: number,
  values: Partial<CostValues>,
): Promise<void> {
  if (Object.keys(values).length === 0) return;
  await db
    .update(c)
    .set(values)
    .where(and(eq(c.id, id), eq(c.organisationId, organisationId)));
}

/** Replaces the base costs of a cost. */
export async function replaceBases(db: AppDatabase, costId: number, baseIds: readonly number[]): Promise<void> {
  await db.delete(salaryCostBaseLinks).where(eq(salaryCostBaseLinks.costId, costId));
  await insertLinks(
    db,
    baseIds.map((baseCostId) => ({ costId, baseCostId })),
  );
}

export async function insertLinks(db: AppDatabase, links: { costId: number; baseCostId: number }[]): Promise<void> {
  if (links.length > 0) await db.insert(salaryCostBaseLinks).values(links);
}

export async function deleteCost(db: AppDatabase, organisationId: number, id: number): Promise<void> {
  await db.delete(c).where(and(eq(c.id, id), eq(c.organisationId, organisationId)));
}

export async function deleteCostsOfSalary(db: AppDatabase, organisationId: number, salaryId: number): Promise<void> {
  await db.delete(c).where(and(eq(c.organisationId, organisationId), eq(c.salaryId, salaryId)));
}

/** The ids of a salary's costs (for a copy of all of them). */
export async function costIdsOfSalary(db: AppDatabase, organisationId: number, salaryId: number): Promise<number[]> {
  const rows = await db
    .select({ id: c.id })
    .from(c)
    .where(and(eq(c.organisationId, organisationId), eq(c.salaryId, salaryId)))
    .orderBy(asc(c.id));
  return rows.map((row) => row.id);
}
