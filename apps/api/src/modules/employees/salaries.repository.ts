import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { PageQuery } from '@saldopilot/shared';
import type { AppDatabase } from '../../db/client.js';
import { salaries, salaryCosts } from '../../db/schema/index.js';
import { totalCountColumn } from '../../lib/list-query.js';

const s = salaries;

const salaryColumns = {
  id: s.id,
  employeeId: s.employeeId,
  hoursPerMonth: s.hoursPerMonth,
  amount: s.amount,
  cycle: s.cycle,
  currencyId: s.currencyId,
  vacationDaysPerYear: s.vacationDaysPerYear,
  fromDate: s.fromDate,
  toDate: s.toDate,
  isTermination: s.isTermination,
  isDisabled: s.isDisabled,
  hasThirteenthSalary: s.hasThirteenthSalary,
  thirteenthSalaryMonth: s.thirteenthSalaryMonth,
  employeeDeductions: s.employeeDeductions,
  employerCosts: s.employerCosts,
  hasCosts: sql<boolean>`exists (select 1 from ${salaryCosts} k where k.salary_id = ${s.id})`,
};

/** One page of an employee's salaries, newest first, with the total. */
export async function listSalaries(db: AppDatabase, organisationId: number, employeeId: number, query: PageQuery) {
  const rows = await db
    .select({ ...salaryColumns, totalCount: totalCountColumn() })
    .from(s)
    .where(and(eq(s.organisationId, organisationId), eq(s.employeeId, employeeId)))
    .orderBy(desc(s.fromDate), desc(s.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  return rows;
}

export async function countSalaries(db: AppDatabase, organisationId: number, employeeId: number): Promise<number> {
  return db.$count(s, and(eq(s.organisationId, organisationId), eq(s.employeeId, employeeId)));
}

/** One salary of the organisation, or undefined. */
export async function findSalary(db: AppDatabase, organisationId: number, id: number) {
  const [row] = await db
    .select(salaryColumns)
    .from(s)
    .where(and(eq(s.id, id), eq(s.organisationId, organisationId)));
  return row;
}

export type SalaryRow = NonNullable<Awaited<ReturnType<typeof findSalary>>>;

/** The timeline of an employee: every salary with what the timeline rules need. */
export async function employeeTimeline(db: AppDatabase, organisationId: number, employeeId: number) {
  return db
    .select({
      id: s.id,
      fromDate: s.fromDate,
      toDate: s.toDate,
      cycle: s.cycle,
      isDisabled: s.isDisabled,
      isTermination: s.isTermination,
    })
    .from(s)
    .where(and(eq(s.organisationId, organisationId), eq(s.employeeId, employeeId)));
}

/** Whether another salary of the employee starts on `fromDate`. */
export async function hasSalaryOn(
  db: AppDatabase,
  organisationId: number,
  employeeId: number,
  fromDate: string,
  except?: number,
): Promise<boolean> {
  const rows = await db
    .select({ id: s.id })
    .from(s)
    .where(
      and(
        eq(s.organisationId, organisationId),
        eq(s.employeeId, employeeId),
        eq(s.fromDate, fromDate),
        except === undefined ? undefined : ne(s.id, except),
      ),
    );
  return rows.length > 0;
}

export interface SalaryValues {
  hoursPerMonth: number;
  amount: number;
  cycle: 'monthly' | 'quarterly' | 'biannually' | 'yearly';
  currencyId: number;
  vacationDaysPerYear: number;
  fromDate: string;
  toDate: string | null;
  isTermination: boolean;
  isDisabled: boolean;
  hasThirteenthSalary: boolean;
  thirteenthSalaryMonth: number;
}

export async function insertSalary(
  db: AppDatabase,
  organisationId: number,
  employeeId: number,
  values: SalaryValues,
): Promise<number> {
  const [row] = await db
    .insert(s)
    .values({ ...values, organisationId, employeeId })
    .returning({ id: s.id });
  if (!row) throw new Error('salary insert returned nothing');
  return row.id;
}

export async function updateSalary(
  db: AppDatabase,
  organisationId: number,
  id: number,
  values: Partial<SalaryValues>,
): Promise<void> {
  await db
    .update(s)
    .set(values)
    .where(and(eq(s.id, id), eq(s.organisationId, organisationId)));
}

/** Sets the end dates the timeline rules answered (a handful of rows). */
export async function setSalaryEnds(
  db: AppDatabase,
  organisationId: number,
  changes: readonly { id: number; toDate: string | null }[],
): Promise<void> {
  for (const change of changes) await updateSalary(db, organisationId, change.id, { toDate: change.toDate });
}

export async function deleteSalary(db: AppDatabase, organisationId: number, id: number): Promise<void> {
  await db.delete(s).where(and(eq(s.id, id), eq(s.organisationId, organisationId)));
}
