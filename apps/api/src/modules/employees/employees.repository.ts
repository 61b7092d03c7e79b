import { and, asc, eq, gte, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { EmployeeListQuery } from '@saldopilot/shared';
import type { AppDatabase } from '../../db/client.js';
import { employees, salaries, salaryCosts } from '../../db/schema/index.js';
import { germanOrder } from '../../lib/german-order.js';
import { applyListQuery, containsPattern, pageWithTotal, totalCountColumn } from '../../lib/list-query.js';

const e = employees;

/**
 * The representative salary of every employee of the organisation (docs/salary-rules.md
 * "Representative salary"), as a subquery: among the salaries neither disabled nor ended (no end,
 * or end ≥ today) the active one with the latest start, else the future one with the earliest
 * start. `today` is a bound parameter; the shared `representativeSalary` states the same rule
 * (employees.test.ts compares both).
 */
function representativeSalaries(db: AppDatabase, organisationId: number, today: string) {
  const active = sql`(${salaries.fromDate} <= ${today}::date)`;
  return db
    .selectDistinctOn([salaries.employeeId], {
      employeeId: salaries.employeeId,
      salaryId: sql<number>`${salaries.id}`.as('salary_id'),
      amount: salaries.amount,
      employerCosts: salaries.employerCosts,
      cycle: salaries.cycle,
      currencyId: salaries.currencyId,
      hoursPerMonth: salaries.hoursPerMonth,
      vacationDaysPerYear: salaries.vacationDaysPerYear,
      fromDate: salaries.fromDate,
      toDate: salaries.toDate,
      isTermination: salaries.isTermination,
      // A future termination is never ended or disabled here, so the window sees every one
      // (docs/salary-rules.md "Representative salary").
      willBeTerminated: sql<boolean>`bool_or(${salaries.isTermination} and ${salaries.fromDate} > ${today}::date)
        over (partition by ${salaries.employeeId})`.as('will_be_terminated'),
    })
    .from(salaries)
    .where(
      and(
        eq(salaries.organisationId, organisationId),
        eq(salaries.isDisabled, false),
        or(isNull(salaries.toDate), gte(salaries.toDate, today)),
      ),
    )
    .orderBy(
      salaries.employeeId,
      sql`${active} desc`,
      sql`(case when ${active} then ${salaries.fromDate} end) desc nulls last`,
      asc(salaries.fromDate),
    )
    .as('representative');
}

function selectEmployees<Extra extends Record<string, SQL.Aliased | SQL>>(
  db: AppDatabase,
  organisationId: number,
  today: string,
  extra: Extra,
) {
  const r = representativeSalaries(db, organisationId, today);
  const query = db
    .select({
      id: e.id,
      name: e.name,
      birthDate: e.birthDate,
      salaryId: r.salaryId,
      amount: r.amount,
      employerCosts: r.employerCosts,
      cycle: r.cycle,
      currencyId: r.currencyId,
      hoursPerMonth: r.hoursPerMonth,
      vacationDaysPerYear: r.vacationDaysPerYear,
      fromDate: r.fromDate,
      toDate: r.toDate,
      isTermination: r.isTermination,
      willBeTerminated: r.willBeTerminated,
      ...extra,
    })
    .from(e)
    .leftJoin(r, eq(r.employeeId, e.id))
    .$dynamic();
  return { query, r };
}

/**
 * One page of the organisation's employees with their representative salary, searched, filtered
 * ("Ausgetretene ausblenden") and sorted in SQL, with the total of the filtered list.
 */
export async function listEmployees(db: AppDatabase, organisationId: number, query: EmployeeListQuery, today: string) {
  const { query: select, r } = selectEmployees(db, organisationId, today, { totalCount: totalCountColumn() });
  const where = and(
    eq(e.organisationId, organisationId),
    query.search ? ilike(e.name, containsPattern(query.search)) : undefined,
    query.hideTerminated ? sql`${r.isTermination} is not true` : undefined,
  );
  const sortColumns = {
    name: germanOrder(e.name),
    hoursPerMonth: r.hoursPerMonth,
    salaryAmount: sql`(${r.amount} + ${r.employerCosts})`,
    vacationDaysPerYear: r.vacationDaysPerYear,
    fromDate: r.fromDate,
    toDate: r.toDate,
  };
  const rows = await applyListQuery(select.where(where), query, sortColumns, [germanOrder(e.name), e.id]);
  return pageWithTotal(rows, query, async () => {
    const [row] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(e)
      .leftJoin(r, eq(r.employeeId, e.id))
      .where(where);
    return row?.count ?? 0;
  });
}

/** One employee with its representative salary and how many salaries and costs it has, or undefined. */
export async function findEmployee(db: AppDatabase, organisationId: number, id: number, today: string) {
  const { query } = selectEmployees(db, organisationId, today, {
    salaryCount: sql<number>`(select count(*)::int from ${salaries} c where c.employee_id = ${e.id})`,
    costCount: sql<number>`(select count(*)::int from ${salaryCosts} k
      join ${salaries} c on c.id = k.salary_id where c.employee_id = ${e.id})`,
  });
  const [row] = await query.where(and(eq(e.id, id), eq(e.organisationId, organisationId)));
  return row;
}

export type EmployeeRow = NonNullable<Awaited<ReturnType<typeof findEmployee>>>;

/** Whether the employee is the organisation's (a read: no lock). */
export async function employeeExists(db: AppDatabase, organisationId: number, id: number): Promise<boolean> {
  const rows = await db
    .select({ id: e.id })
    .from(e)
    .where(and(eq(e.id, id), eq(e.organisationId, organisationId)));
  return rows.length === 1;
}

/** Whether the employee is the organisation's; locks it (key share) until the transaction ends. */
export async function lockEmployee(db: AppDatabase, organisationId: number, id: number): Promise<boolean> {
  const rows = await db
    .select({ id: e.id })
    .from(e)
    .where(and(eq(e.id, id), eq(e.organisationId, organisationId)))
    .for('key share');
  return rows.length === 1;
}

export interface EmployeeValues {
  name: string;
  birthDate: string | null;
}

export async function insertEmployee(db: AppDatabase, organisationId: number, values: EmployeeValues): Promise<number> {
  const [row] = await db
    .insert(e)
    .values({ organisationId, ...values })
    .returning({ id: e.id });
  if (!row) throw new Error('employee insert returned nothing');
  return row.id;
}

/** The stored birth date of the employee, locked until the transaction ends; undefined when not the organisation's. */
export async function lockEmployeeForUpdate(db: AppDatabase, organisationId: number, id: number) {
  const [row] = await db
    .select({ birthDate: e.birthDate })
    .from(e)
    .where(and(eq(e.id, id), eq(e.organisationId, organisationId)))
    .for('update');
  return row;
}

export async function updateEmployee(
  db: AppDatabase,
  organisationId: number,
  id: number,
  values: Partial<EmployeeValues>,
) {
  await db
    .update(e)
    .set(values)
    .where(and(eq(e.id, id), eq(e.organisationId, organisationId)));
}

/** The ids of the employee's salaries. */
export async function salaryIdsOfEmployee(db: AppDatabase, organisationId: number, employeeId: number) {
  const rows = await db
    .select({ id: salaries.id })
    .from(salaries)
    .where(and(eq(salaries.organisationId, organisationId), eq(salaries.employeeId, employeeId)));
  return rows.map((row) => row.id);
}

/** Whether a cost of the employee is the BVG minimum by age, which needs the birth date. */
export async function hasBvgMinimumCosts(db: AppDatabase, organisationId: number, employeeId: number) {
  const rows = await db
    .select({ id: salaryCosts.id })
    .from(salaryCosts)
    .innerJoin(salaries, eq(salaries.id, salaryCosts.salaryId))
    .where(
      and(
        eq(salaryCosts.organisationId, organisationId),
        eq(salaries.employeeId, employeeId),
        eq(salaryCosts.amountType, 'bvgMinimum'),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** Deletes the employee with its salaries, costs and schedules (cascade); transactions keep no link. */
export async function deleteEmployee(db: AppDatabase, organisationId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(e)
    .where(and(eq(e.id, id), eq(e.organisationId, organisationId)))
    .returning({ id: e.id });
  return rows.length === 1;
}
