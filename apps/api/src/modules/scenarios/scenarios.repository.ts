import { and, asc, count, desc, eq, gt, gte, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { PaymentCalendar } from '@saldopilot/shared';
import type { AppDatabase } from '../../db/client.js';
import {
  categories,
  employees,
  paymentCalendars,
  salaries,
  salaryCostLabels,
  scenarioLevers,
  scenarios,
  transactions,
  users,
  vatRates,
} from '../../db/schema/index.js';

export interface ScenarioRow {
  id: number;
  name: string;
  description: string;
  color: string;
  version: number;
  createdById: number | null;
  createdByName: string | null;
  createdAt: Date;
  updatedAt: Date;
  leverCount: number;
}

export interface LeverRow {
  id: number;
  scenarioId: number;
  position: number;
  type: string;
  payload: Record<string, unknown>;
  original: Record<string, unknown> | null;
  createdAt: Date;
  updatedAt: Date;
}

const leverCount = sql<number>`(select count(*)::int from ${scenarioLevers} where ${scenarioLevers.scenarioId} = ${scenarios.id})`;

const scenarioColumns = {
  id: scenarios.id,
  name: scenarios.name,
  description: scenarios.description,
  color: scenarios.color,
  version: scenarios.version,
  createdById: scenarios.createdBy,
  createdByName: users.name,
  createdAt: scenarios.createdAt,
  updatedAt: scenarios.updatedAt,
  leverCount,
};

/** Every scenario of the organisation by name (at most SCENARIOS_MAX: no paging). */
export function listScenarios(db: AppDatabase, organisationId: number): Promise<ScenarioRow[]> {
  return db
    .select(scenarioColumns)
    .from(scenarios)
    .leftJoin(users, eq(users.id, scenarios.createdBy))
    .where(eq(scenarios.organisationId, organisationId))
    .orderBy(asc(scenarios.name), asc(scenarios.id));
}

/** One scenario of the organisation; `lock` keeps others from changing it until the transaction ends. */
export async function findScenario(
  db: AppDatabase,
  organisationId: number,
  id: number,
  lock?: 'update',
): Promise<ScenarioRow | undefined> {
  const select = db
    .select(scenarioColumns)
    .from(scenarios)
    .leftJoin(users, eq(users.id, scenarios.createdBy))
    .where(and(eq(scenarios.organisationId, organisationId), eq(scenarios.id, id)));
  if (lock) {
    await db
      .select({ id: scenarios.id })
      .from(scenarios)
      .where(and(eq(scenarios.organisationId, organisationId), eq(scenarios.id, id)))
      .for(lock);
  }
  const [row] = await select;
  return row;
}

export async function countScenarios(db: AppDatabase, organisationId: number): Promise<number> {
  const [row] = await db.select({ value: count() }).from(scenarios).where(eq(scenarios.organisationId, organisationId));
  return row?.value ?? 0;
}

export async function insertScenario(
  db: AppDatabase,
  organisationId: number,
  values: { name: string; description: string; color: string; createdBy: number },
): Promise<number> {
  const [row] = await db
    .insert(scenarios)
    .values({ organisationId, ...values })
    .returning({ id: scenarios.id });
  if (!row) throw new Error('Scenario insert returned nothing');
  return row.id;
}

/** Changes the given fields and raises the version (every change of a scenario or its levers does). */
export async function touchScenario(
  db: AppDatabase,
  organisationId: number,
  id: number,
  values: { name?: string; description?: string; color?: string } = {},
): Promise<void> {
  await db
    .update(scenarios)
    .set({ ...values, version: sql`${scenarios.version} + 1`, updatedAt: sql`now()` })
    .where(and(eq(scenarios.organisationId, organisationId), eq(scenarios.id, id)));
}

export async function deleteScenario(db: AppDatabase, organisationId: number, id: number): Promise<void> {
  await db.delete(scenarios).where(and(eq(scenarios.organisationId, organisationId), eq(scenarios.id, id)));
}

const leverColumns = {
  id: scenarioLevers.id,
  scenarioId: scenarioLevers.scenarioId,
  position: scenarioLevers.position,
  type: scenarioLevers.type,
  payload: scenarioLevers.payload,
  original: scenarioLevers.original,
  createdAt: scenarioLevers.createdAt,
  updatedAt: scenarioLevers.updatedAt,
};

/** The levers of the scenarios, each scenario's in order. */
export function listLevers(
  db: AppDatabase,
  organisationId: number,
  scenarioIds: readonly number[],
): Promise<LeverRow[]> {
  if (scenarioIds.length === 0) return Promise.resolve([]);
  return db
    .select(leverColumns)
    .from(scenarioLevers)
    .where(and(eq(scenarioLevers.organisationId, organisationId), inArray(scenarioLevers.scenarioId, [...scenarioIds])))
    .orderBy(asc(scenarioLevers.scenarioId), asc(scenarioLevers.position), asc(scenarioLevers.id));
}

export async function findLever(
  db: AppDatabase,
  organisationId: number,
  scenarioId: number,
  leverId: number,
): Promise<LeverRow | undefined> {
  const [row] = await db
    .select(leverColumns)
    .from(scenarioLevers)
    .where(
      and(
        eq(scenarioLevers.organisationId, organisationId),
        eq(scenarioLevers.scenarioId, scenarioId),
        eq(scenarioLevers.id, leverId),
      ),
    );
  return row;
}

export async function insertLevers(
  db: AppDatabase,
  organisationId: number,
  scenarioId: number,
  levers: readonly {
    position: number;
    type: string;
    payload: Record<string, unknown>;
    original: Record<string, unknown> | null;
  }[],
): Promise<number[]> {
  if (levers.length === 0) return [];
  const rows = await db
    .insert(scenarioLevers)
    .values(levers.map((lever) => ({ organisationId, scenarioId, ...lever })))
    .returning({ id: scenarioLevers.id });
  return rows.map((row) => row.id);
}

export async function updateLever(
  db: AppDatabase,
  organisationId: number,
  leverId: number,
  values: {
    position?: number;
    type?: string;
    payload?: Record<string, unknown>;
    original?: Record<string, unknown> | null;
  },
): Promise<void> {
  await db
    .update(scenarioLevers)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(scenarioLevers.organisationId, organisationId), eq(scenarioLevers.id, leverId)));
}

export async function deleteLevers(
  db: AppDatabase,
  organisationId: number,
  leverIds: readonly number[],
): Promise<void> {
  if (leverIds.length === 0) return;
  await db
    .delete(scenarioLevers)
    .where(and(eq(scenarioLevers.organisationId, organisationId), inArray(scenarioLevers.id, [...leverIds])));
}

/** Moves the levers at or after `from` of a scenario by `by` places (after an insert or a delete). */
export async function shiftPositions(
  db: AppDatabase,
  organisationId: number,
  scenarioId: number,
  from: number,
  by: number,
): Promise<void> {
  await db
    .update(scenarioLevers)
    .set({ position: sql`${scenarioLevers.position} + ${by}` })
    .where(
      and(
        eq(scenarioLevers.organisationId, organisationId),
        eq(scenarioLevers.scenarioId, scenarioId),
        gte(scenarioLevers.position, from),
      ),
    );
}

/** Which of the ids still exist in the base: the organisation's transactions, employees, and visible categories. */
export async function existingTargets(
  db: AppDatabase,
  organisationId: number,
  ids: { transactions: number[]; employees: number[]; categories: number[] },
): Promise<{ transactions: Set<number>; employees: Set<number>; categories: Set<number> }> {
  const [transactionRows, employeeRows, categoryRows] = await Promise.all([
    ids.transactions.length === 0
      ? []
      : db
          .select({ id: transactions.id })
          .from(transactions)
          .where(and(eq(transactions.organisationId, organisationId), inArray(transactions.id, ids.transactions))),
    ids.employees.length === 0
      ? []
      : db
          .select({ id: employees.id })
          .from(employees)
          .where(and(eq(employees.organisationId, organisationId), inArray(employees.id, ids.employees))),
    ids.categories.length === 0
      ? []
      : db
          .select({ id: categories.id })
          .from(categories)
          .where(
            and(
              or(isNull(categories.organisationId), eq(categories.organisationId, organisationId)),
              inArray(categories.id, ids.categories),
            ),
          ),
  ]);
  return {
    transactions: new Set(transactionRows.map((row) => row.id)),
    employees: new Set(employeeRows.map((row) => row.id)),
    categories: new Set(categoryRows.map((row) => row.id)),
  };
}

/** The base transaction a lever targets, as the three-way check of promote compares it. */
export async function transactionSnapshot(
  db: AppDatabase,
  organisationId: number,
  id: number,
): Promise<Record<string, unknown> | null> {
  const [row] = await db
    .select({
      amount: transactions.amount,
      cycle: transactions.cycle,
      startDate: transactions.startDate,
      endDate: transactions.endDate,
      categoryId: transactions.categoryId,
      isDisabled: transactions.isDisabled,
    })
    .from(transactions)
    .where(and(eq(transactions.organisationId, organisationId), eq(transactions.id, id)));
  return row ?? null;
}

/** Category names by id (own and system ones) and employees' names and birth dates, for the apply step. */
export async function categoryNames(db: AppDatabase, organisationId: number): Promise<Map<number, string>> {
  const rows = await db
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .where(or(isNull(categories.organisationId), eq(categories.organisationId, organisationId)));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** What the apply step looks up by id or name: VAT rates (visible ones) and the salary cost labels. */
export async function leverLookups(
  db: AppDatabase,
  organisationId: number,
): Promise<{ vatBasisPoints: Map<number, number>; labelIds: Map<string, number> }> {
  const [rates, labels] = await Promise.all([
    db
      .select({ id: vatRates.id, value: vatRates.value })
      .from(vatRates)
      .where(or(isNull(vatRates.organisationId), eq(vatRates.organisationId, organisationId))),
    db
      .select({ id: salaryCostLabels.id, name: salaryCostLabels.name })
      .from(salaryCostLabels)
      .where(eq(salaryCostLabels.organisationId, organisationId)),
  ]);
  return {
    vatBasisPoints: new Map(rates.map((rate) => [rate.id, rate.value])),
    labelIds: new Map(labels.map((label) => [label.name, label.id])),
  };
}

/**
 * The ids of the organisation's enabled transactions a delay or percentage lever on a category or a
 * side reaches (docs/scenarios.md "Promote"), by id.
 */
export async function transactionsOfTarget(
  db: AppDatabase,
  organisationId: number,
  target: { categoryId?: number | undefined; side?: 'revenue' | 'expense' | undefined },
): Promise<number[]> {
  const rows = await db
    .select({ id: transactions.id })
    .from(transactions)
    .where(
      and(
        eq(transactions.organisationId, organisationId),
        eq(transactions.isDisabled, false),
        target.categoryId === undefined ? undefined : eq(transactions.categoryId, target.categoryId),
        target.side === 'revenue' ? gt(transactions.amount, 0) : undefined,
        target.side === 'expense' ? lt(transactions.amount, 0) : undefined,
      ),
    )
    .orderBy(asc(transactions.id));
  return rows.map((row) => row.id);
}

/**
 * An employee's exit as promote's three-way check compares it: the start of the termination that is
 * the employee's latest enabled salary row, or null (no exit planned).
 */
export async function employeeExit(
  db: AppDatabase,
  organisationId: number,
  employeeId: number,
): Promise<{ exitDate: string | null; terminationId: number | null }> {
  const [latest] = await db
    .select({ id: salaries.id, fromDate: salaries.fromDate, isTermination: salaries.isTermination })
    .from(salaries)
    .where(
      and(
        eq(salaries.organisationId, organisationId),
        eq(salaries.employeeId, employeeId),
        eq(salaries.isDisabled, false),
      ),
    )
    .orderBy(desc(salaries.fromDate))
    .limit(1);
  return latest?.isTermination
    ? { exitDate: latest.fromDate, terminationId: latest.id }
    : { exitDate: null, terminationId: null };
}

/** The salaries a raise or leave from `from` reaches: enabled, no termination, not ended before it. */
export function salariesReaching(
  db: AppDatabase,
  organisationId: number,
  employeeId: number | null,
  from: string,
): Promise<{ id: number; employeeId: number; fromDate: string; amount: number }[]> {
  return db
    .select({ id: salaries.id, employeeId: salaries.employeeId, fromDate: salaries.fromDate, amount: salaries.amount })
    .from(salaries)
    .where(
      and(
        eq(salaries.organisationId, organisationId),
        employeeId === null ? undefined : eq(salaries.employeeId, employeeId),
        eq(salaries.isDisabled, false),
        eq(salaries.isTermination, false),
        or(isNull(salaries.toDate), gte(salaries.toDate, from)),
      ),
    )
    .orderBy(asc(salaries.employeeId), asc(salaries.fromDate));
}

/** The organisation's payment calendar as stored (null while none was saved), for promote's three-way check. */
export async function paymentCalendarSnapshot(
  db: AppDatabase,
  organisationId: number,
): Promise<PaymentCalendar | null> {
  const [row] = await db
    .select({ calendar: paymentCalendars.calendar })
    .from(paymentCalendars)
    .where(eq(paymentCalendars.organisationId, organisationId));
  return row?.calendar ?? null;
}
