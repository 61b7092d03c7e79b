import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { AmountType, PageQuery, SalaryCostFund } from '@saldopilot/shared';
import { arrayLiteral, intArray, isAnyOf, textArray } from '../../db/arrays.js';
import type { AppDatabase } from '../../db/client.js';
import { executeRows } from '../../db/execute-rows.js';
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
  fund: c.fund,
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
    .where(and(eq(c.organisationId, organisationId), isAnyOf(c.id, ids)))
    .orderBy(asc(c.id));
}

export type CostRow = Awaited<ReturnType<typeof findCosts>>[number];

/** The stored schedules of the costs, by month. */
export async function detailsOf(db: AppDatabase, costIds: number[]) {
  if (costIds.length === 0) return [];
  return db
    .select(storedDetailColumns)
    .from(salaryCostDetails)
    .where(isAnyOf(salaryCostDetails.costId, costIds))
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
  fund: SalaryCostFund;
  relativeOffset: number;
  targetDate: string | null;
}

/**
 * Inserts costs of a salary in one statement, each column one array (`db/arrays.ts`: a copy of a
 * whole salary has no limit of its own); answers their ids in the given order.
 */
export async function insertCosts(
  db: AppDatabase,
  organisationId: number,
  salaryId: number,
  values: CostValues[],
): Promise<number[]> {
  if (values.length === 0) return [];
  const column = <K extends keyof CostValues>(key: K) => values.map((value) => value[key]);
  // Ids are drawn in the order of `ord`, so ascending ids are the given order.
  const rows = await executeRows<{ id: number }>(
    db,
    sql`insert into ${c} (organisation_id, salary_id, label_id, cycle, amount_type, amount, distribution_type,
        fund, relative_offset, target_date)
      select ${organisationId}::int, ${salaryId}::int, v.label_id, v.cycle::cost_cycle, v.amount_type::amount_type,
        v.amount, v.distribution_type::distribution_type, v.fund, v.relative_offset, v.target_date
      from unnest(${arrayLiteral(column('labelId'))}::int[], ${textArray(column('cycle'))},
        ${textArray(column('amountType'))}, ${arrayLiteral(column('amount'))}::bigint[],
        ${textArray(column('distributionType'))}, ${textArray(column('fund'))}, ${intArray(column('relativeOffset'))},
        ${textArray(column('targetDate'))}::date[])
        with ordinality as v(label_id, cycle, amount_type, amount, distribution_type, fund, relative_offset,
          target_date, ord)
      order by v.ord
      returning id`,
  );
  return rows.map((row) => Number(row.id)).sort((a, b) => a - b);
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

/** Inserts base links in one statement (two array parameters: a copy of 500 costs may carry ~50,000). */
export async function insertLinks(db: AppDatabase, links: { costId: number; baseCostId: number }[]): Promise<void> {
  if (links.length === 0) return;
  await db
    .insert(salaryCostBaseLinks)
    .select(
      sql`select * from unnest(${intArray(links.map((link) => link.costId))}, ${intArray(links.map((link) => link.baseCostId))})`,
    );
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
