import { and, asc, eq, gte, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import { unionAll, type PgColumn } from 'drizzle-orm/pg-core';
import type { ForecastSalaryCost } from '@saldopilot/forecast';
import { parseNetAdjustments } from '@saldopilot/shared';
import { isAnyOf } from '../../db/arrays.js';
import type { AppDatabase } from '../../db/client.js';
import {
  bankAccounts,
  categories,
  currencies,
  employees,
  organisationDataVersions,
  organisationRowChanges,
  organisations,
  salaries,
  salaryCostDetails,
  salaryCostLabelExclusions,
  salaryCostLabels,
  salaryCosts,
  salaryExclusions,
  transactionExclusions,
  transactions,
  vatRates,
  vatSettings,
} from '../../db/schema/index.js';

/**
 * Everything a forecast is computed from, loaded in a fixed number of queries (seven, run side by
 * side), whatever the number of accounts, transactions, employees or costs: no query per row.
 * `forecastDataParts` names them with the tables each reads (see the end of this file).
 */

export interface ExclusionRow {
  relatedTable: 'transactions' | 'salaries' | 'salary_cost_labels';
  relatedId: number;
  month: string;
}

/** The minimum balance of the organisation ("Mindestliquidität"). */
async function minimumBalanceOf(db: AppDatabase, organisationId: number): Promise<number> {
  const [row] = await db
    .select({ minimumBalance: organisations.minimumBalance })
    .from(organisations)
    .where(eq(organisations.id, organisationId));
  return row?.minimumBalance ?? 0;
}

// The rows come in the engine's shape (currency codes, not ids), so the forecast model can keep
// comparing the same row objects from one read to the next (docs/forecast.md "After a write").

function bankAccountsOf(db: AppDatabase, organisationId: number) {
  return db
    .select({ amount: bankAccounts.amount, currency: currencies.code })
    .from(bankAccounts)
    .innerJoin(currencies, eq(currencies.id, bankAccounts.currencyId))
    .where(eq(bankAccounts.organisationId, organisationId));
}

/** The organisation's transactions, or only those with the given ids. */
function transactionsOf(db: AppDatabase, organisationId: number, ids?: readonly number[]) {
  return db
    .select({
      id: transactions.id,
      name: transactions.name,
      amount: transactions.amount,
      currency: currencies.code,
      categoryName: categories.name,
      type: transactions.type,
      cycle: transactions.cycle,
      startDate: transactions.startDate,
      endDate: transactions.endDate,
      isDisabled: transactions.isDisabled,
      vatBasisPoints: vatRates.value,
      vatIncluded: transactions.vatIncluded,
    })
    .from(transactions)
    .innerJoin(currencies, eq(currencies.id, transactions.currencyId))
    .innerJoin(categories, eq(categories.id, transactions.categoryId))
    .leftJoin(vatRates, eq(vatRates.id, transactions.vatRateId))
    .where(
      and(
        eq(transactions.organisationId, organisationId),
        ids === undefined ? undefined : isAnyOf(transactions.id, ids),
      ),
    )
    .orderBy(asc(transactions.id));
}

/** The organisation's salaries, or only those with the given ids and those of the given employees. */
async function salariesOf(db: AppDatabase, organisationId: number, only?: { ids: number[]; employeeIds: number[] }) {
  const rows = await db
    .select({
      id: salaries.id,
      employeeId: salaries.employeeId,
      employeeName: employees.name,
      amount: salaries.amount,
      employeeDeductions: salaries.employeeDeductions,
      netAdjustments: salaries.netAdjustments,
      currency: currencies.code,
      cycle: salaries.cycle,
      fromDate: salaries.fromDate,
      toDate: salaries.toDate,
      isDisabled: salaries.isDisabled,
      isTermination: salaries.isTermination,
    })
    .from(salaries)
    .innerJoin(employees, eq(employees.id, salaries.employeeId))
    .innerJoin(currencies, eq(currencies.id, salaries.currencyId))
    .where(
      and(
        eq(salaries.organisationId, organisationId),
        only === undefined
          ? undefined
          : or(isAnyOf(salaries.id, only.ids), isAnyOf(salaries.employeeId, only.employeeIds)),
      ),
    )
    .orderBy(asc(salaries.id));
  return rows.map((row) => ({ ...row, netAdjustments: parseNetAdjustments(row.netAdjustments) }));
}

export interface StoredCostDetail {
  month: string;
  amount: number;
  divider: number;
  isExtraMonth: boolean;
}

/** Reads `month,amount,divider,extra;…` as written by the schedule column of `costsOf`. */
export function parseSchedule(text: string | null): StoredCostDetail[] {
  if (!text) return [];
  return text.split(';').map((entry) => {
    const [month = '', amount = '0', divider = '0', extra = '0'] = entry.split(',');
    return { month, amount: Number(amount), divider: Number(divider), isExtraMonth: extra === '1' };
  });
}

/** The organisation's costs by salary, as the engine takes them, with the table versions read before. */
export interface SalaryCosts {
  versions: ReadonlyMap<string, number>;
  bySalary: ReadonlyMap<number, ForecastSalaryCost[]>;
}

/** The tables whose row changes name the salaries whose costs to reload. */
const COST_TABLES = ['salary_costs', 'salary_cost_details'] as const;

/**
 * The costs with their labels and stored schedules, of the organisation or of some of its salaries
 * (one query). Of the schedule only what the forecast can use: the payments from the first to the
 * last month of the horizon, plus the latest one before the first month — the catch-up that the
 * include-previous mode (docs/salary-costs.md) may pick as the "next" payment. The payments come as
 * one text per cost (in month order): with thousands of costs, one row per payment made the
 * driver, not the database, the slow part.
 */
async function costRowsOf(
  db: AppDatabase,
  organisationId: number,
  firstMonth: string,
  lastMonth: string,
  salaryIds?: readonly number[],
) {
  const d = sql.raw('d');
  return db
    .select({
      id: salaryCosts.id,
      salaryId: salaryCosts.salaryId,
      labelId: salaryCosts.labelId,
      labelName: salaryCostLabels.name,
      cycle: salaryCosts.cycle,
      distributionType: salaryCosts.distributionType,
      relativeOffset: salaryCosts.relativeOffset,
      schedule: sql<string | null>`(
        select string_agg(${d}.month || ',' || ${d}.amount || ',' || ${d}.divider || ','
                          || case when ${d}.is_extra_month then '1' else '0' end, ';' order by ${d}.month)
        from ${salaryCostDetails} ${d}
        where ${d}.cost_id = ${salaryCosts.id} and ${d}.month <= ${lastMonth}
          and ${d}.month >= coalesce((select max(p.month) from ${salaryCostDetails} p
                                      where p.cost_id = ${salaryCosts.id} and p.month < ${firstMonth}), ${firstMonth}))`,
    })
    .from(salaryCosts)
    .leftJoin(salaryCostLabels, eq(salaryCostLabels.id, salaryCosts.labelId))
    .where(
      and(
        eq(salaryCosts.organisationId, organisationId),
        salaryIds === undefined ? undefined : isAnyOf(salaryCosts.salaryId, salaryIds),
      ),
    )
    .orderBy(asc(salaryCosts.id));
}

/** Adds `rows` to `bySalary`, each cost under its salary. */
function addCostRows(rows: Awaited<ReturnType<typeof costRowsOf>>, bySalary: Map<number, ForecastSalaryCost[]>): void {
  for (const { salaryId, schedule, ...cost } of rows) {
    let list = bySalary.get(salaryId);
    if (!list) bySalary.set(salaryId, (list = []));
    list.push({ ...cost, details: parseSchedule(schedule) });
  }
}

/** All of the organisation's costs (one query). */
async function costsOf(db: AppDatabase, scope: PartScope): Promise<SalaryCosts> {
  const bySalary = new Map<number, ForecastSalaryCost[]>();
  addCostRows(await costRowsOf(db, scope.organisationId, scope.firstMonth, scope.lastMonth), bySalary);
  return { versions: tracked(scope.versions, COST_TABLES), bySalary };
}

/**
 * `previous` (loaded for the same months) brought up to date: the salaries whose costs or payments
 * were written since are read from the row changes (one query per table), and only their costs
 * are loaded again (one more); a salary without costs now is dropped. The other salaries keep
 * their cost lists (the same arrays), `previous` is left as it is (a computation may still read it).
 */
async function refreshedCosts(db: AppDatabase, scope: PartScope, previous: SalaryCosts): Promise<SalaryCosts> {
  const { organisationId, firstMonth, lastMonth } = scope;
  const changes = await Promise.all(
    COST_TABLES.map((table) => rowsChangedSince(db, organisationId, table, previous.versions.get(table) ?? 0)),
  );
  if (changes.some((ids) => ids === undefined)) return costsOf(db, scope);
  const changed = [...new Set(changes.flatMap((ids) => ids ?? []))];
  if (changed.length > MOST_ROWS_REFRESHED) return costsOf(db, scope);
  const bySalary = new Map(previous.bySalary);
  for (const salaryId of changed) bySalary.delete(salaryId);
  if (changed.length > 0) addCostRows(await costRowsOf(db, organisationId, firstMonth, lastMonth, changed), bySalary);
  return { versions: tracked(scope.versions, COST_TABLES), bySalary };
}

async function vatSettingOf(db: AppDatabase, organisationId: number) {
  const [row] = await db
    .select({
      enabled: vatSettings.enabled,
      billingDate: vatSettings.billingDate,
      interval: vatSettings.interval,
      transactionMonthOffset: vatSettings.transactionMonthOffset,
      paymentTerm: vatSettings.paymentTerm,
      method: vatSettings.method,
      netTaxRate: vatSettings.netTaxRate,
      netTaxRate2: vatSettings.netTaxRate2,
      netTaxRate2Share: vatSettings.netTaxRate2Share,
    })
    .from(vatSettings)
    .where(eq(vatSettings.organisationId, organisationId));
  return row ?? null;
}

// The same selected types in every part of the union: id and month as plain expressions.
function keyColumns(id: SQL, month: PgColumn) {
  return {
    relatedId: sql<number>`${id}`.mapWith(Number).as('related_id'),
    month: sql<string>`${month}`.as('month'),
  };
}

/** The organisation's exclusions of all three kinds from `firstMonth` on, optionally of one item (one query). */
export function listExclusions(
  db: AppDatabase,
  organisationId: number,
  filter: { firstMonth: string; lastMonth?: string; relatedTable?: ExclusionRow['relatedTable']; relatedId?: number },
): Promise<ExclusionRow[]> {
  const { firstMonth, lastMonth, relatedTable, relatedId } = filter;
  const months = (column: PgColumn) =>
    and(gte(column, firstMonth), lastMonth === undefined ? undefined : lte(column, lastMonth));
  const wanted = (table: ExclusionRow['relatedTable']) => relatedTable === undefined || relatedTable === table;
  const parts = [];
  if (wanted('transactions')) {
    parts.push(
      db
        .select({
          relatedTable: sql<ExclusionRow['relatedTable']>`'transactions'`.as('related_table'),
          ...keyColumns(sql`${transactionExclusions.transactionId}`, transactionExclusions.month),
        })
        .from(transactionExclusions)
        .where(
          and(
            eq(transactionExclusions.organisationId, organisationId),
            months(transactionExclusions.month),
            relatedId === undefined ? undefined : eq(transactionExclusions.transactionId, relatedId),
          ),
        ),
    );
  }
  if (wanted('salaries')) {
    parts.push(
      db
        .select({
          relatedTable: sql<ExclusionRow['relatedTable']>`'salaries'`.as('related_table'),
          ...keyColumns(sql`${salaryExclusions.salaryId}`, salaryExclusions.month),
        })
        .from(salaryExclusions)
        .where(
          and(
            eq(salaryExclusions.organisationId, organisationId),
            months(salaryExclusions.month),
            relatedId === undefined ? undefined : eq(salaryExclusions.salaryId, relatedId),
          ),
        ),
    );
  }
  if (wanted('salary_cost_labels')) {
    const labelOrZero = sql<number>`coalesce(${salaryCostLabelExclusions.labelId}, 0)`;
    parts.push(
      db
        .select({
          relatedTable: sql<ExclusionRow['relatedTable']>`'salary_cost_labels'`.as('related_table'),
          ...keyColumns(labelOrZero, salaryCostLabelExclusions.month),
        })
        .from(salaryCostLabelExclusions)
        .where(
          and(
            eq(salaryCostLabelExclusions.organisationId, organisationId),
            months(salaryCostLabelExclusions.month),
            relatedId === undefined ? undefined : eq(labelOrZero, relatedId),
          ),
        ),
    );
  }
  const [first, ...rest] = parts;
  if (!first) return Promise.resolve([]);
  // The parts select the same expressions from different tables; drizzle types each by its table.
  const union = unionAll as unknown as (...queries: unknown[]) => NonNullable<typeof first>;
  const query = rest.length === 0 ? first : union(first, ...rest);
  return query.orderBy(sql`3`, sql`1`, sql`2`) as unknown as Promise<ExclusionRow[]>;
}

/** Rows of a part that refreshes row by row, with the versions of the tables they were read at. */
export interface TrackedRows<T> {
  versions: ReadonlyMap<string, number>;
  rows: T[];
}

/**
 * The ids of the rows of `table` changed (written or deleted) after `since`, or undefined when
 * changes that old were pruned (then everything is loaded again). One query.
 */
async function rowsChangedSince(
  db: AppDatabase,
  organisationId: number,
  table: string,
  since: number,
): Promise<number[] | undefined> {
  const c = organisationRowChanges;
  const [row] = await db
    .select({
      prunedVersion: organisationDataVersions.prunedVersion,
      ids: sql<number[]>`array(select ${c.rowId} from ${c} where ${c.organisationId} = ${organisationId}
        and ${c.tableName} = ${table} and ${c.version} > ${since})`,
    })
    .from(organisationDataVersions)
    .where(
      and(eq(organisationDataVersions.organisationId, organisationId), eq(organisationDataVersions.tableName, table)),
    );
  // No version yet: the table never had a row of the organisation.
  if (!row) return [];
  return since < row.prunedVersion ? undefined : row.ids.map(Number);
}

/**
 * Deletes the row changes recorded before `before` and raises each table's pruned version to the
 * newest one deleted, in one statement: a forecast copy older than that loads its rows anew.
 */
export async function pruneRowChanges(db: AppDatabase, before: Date): Promise<void> {
  const c = organisationRowChanges;
  const v = organisationDataVersions;
  await db.execute(sql`with pruned as (
      delete from ${c} where ${c.changedAt} < ${before.toISOString()}
      returning ${c.organisationId} as organisation_id, ${c.tableName} as table_name, ${c.version} as version)
    update ${v} set pruned_version = greatest(${v.prunedVersion}, newest.version)
    from (select organisation_id, table_name, max(version) as version from pruned group by 1, 2) as newest
    where ${v.organisationId} = newest.organisation_id and ${v.tableName} = newest.table_name`);
}

/** Beyond this many changed rows, loading all again is as quick and simpler. */
const MOST_ROWS_REFRESHED = 500;

/**
 * `previous` with the rows of the changed ids replaced by `fresh` (a changed id missing from
 * `fresh` was deleted). Unchanged rows stay the same objects, which the forecast model relies on.
 */
function mergedRows<T extends { id: number }>(
  previous: readonly T[],
  changed: readonly number[],
  fresh: readonly T[],
): T[] {
  const gone = new Set(changed);
  return [...previous.filter((row) => !gone.has(row.id)), ...fresh];
}

async function loadTransactions(db: AppDatabase, organisationId: number, versions: ReadonlyMap<string, number>) {
  return { versions: tracked(versions, ['transactions']), rows: await transactionsOf(db, organisationId) };
}

/** The versions of `tables` in `versions` (read before the rows: the rows are at least that new). */
function tracked(versions: ReadonlyMap<string, number>, tables: readonly string[]): Map<string, number> {
  return new Map(tables.map((table) => [table, versions.get(table) ?? 0]));
}

/** The transactions of `previous` with the changed ones loaded again (two queries). */
async function refreshedTransactions(
  db: AppDatabase,
  organisationId: number,
  previous: TrackedRows<Awaited<ReturnType<typeof transactionsOf>>[number]>,
  versions: ReadonlyMap<string, number>,
) {
  const changed = await rowsChangedSince(
    db,
    organisationId,
    'transactions',
    previous.versions.get('transactions') ?? 0,
  );
  if (changed === undefined || changed.length > MOST_ROWS_REFRESHED)
    return loadTransactions(db, organisationId, versions);
  const fresh = changed.length === 0 ? [] : await transactionsOf(db, organisationId, changed);
  return { versions: tracked(versions, ['transactions']), rows: mergedRows(previous.rows, changed, fresh) };
}

async function loadSalaries(db: AppDatabase, organisationId: number, versions: ReadonlyMap<string, number>) {
  return { versions: tracked(versions, ['salaries', 'employees']), rows: await salariesOf(db, organisationId) };
}

/** The salaries of `previous` with the changed ones, and those of renamed employees, loaded again. */
async function refreshedSalaries(
  db: AppDatabase,
  organisationId: number,
  previous: TrackedRows<Awaited<ReturnType<typeof salariesOf>>[number]>,
  versions: ReadonlyMap<string, number>,
) {
  const since = (table: string) => previous.versions.get(table) ?? 0;
  const [ids, employeeIds] = await Promise.all([
    rowsChangedSince(db, organisationId, 'salaries', since('salaries')),
    rowsChangedSince(db, organisationId, 'employees', since('employees')),
  ]);
  if (ids === undefined || employeeIds === undefined || ids.length + employeeIds.length > MOST_ROWS_REFRESHED) {
    return loadSalaries(db, organisationId, versions);
  }
  const fresh = ids.length + employeeIds.length === 0 ? [] : await salariesOf(db, organisationId, { ids, employeeIds });
  const employees = new Set(employeeIds);
  const changed = [...ids, ...previous.rows.filter((row) => employees.has(row.employeeId)).map((row) => row.id)];
  return { versions: tracked(versions, ['salaries', 'employees']), rows: mergedRows(previous.rows, changed, fresh) };
}

/**
 * The organisation's data versions by table: each changes with every committed write to a row the
 * forecast reads from that table, the organisation's own or a shared one (organisation 0, summed
 * in), so equal numbers mean equal rows (migration 0006).
 */
export async function dataVersionsOf(db: AppDatabase, organisationId: number): Promise<Map<string, number>> {
  const rows = await db
    .select({
      tableName: organisationDataVersions.tableName,
      version: sql<number>`sum(${organisationDataVersions.version})`.mapWith(Number),
    })
    .from(organisationDataVersions)
    .where(inArray(organisationDataVersions.organisationId, [0, organisationId]))
    .groupBy(organisationDataVersions.tableName);
  return new Map(rows.map((row) => [row.tableName, row.version]));
}

/** What a forecast is computed from, loaded in parts for the months `firstMonth` … `lastMonth`. */
/** What a part is loaded for: the organisation, the months, and the data versions read before. */
export interface PartScope {
  organisationId: number;
  firstMonth: string;
  lastMonth: string;
  versions: ReadonlyMap<string, number>;
}

export interface Part<T> {
  /** The tables the part is read from: a write to any of them reloads it, and only it. */
  tables: readonly string[];
  load(db: AppDatabase, scope: PartScope): Promise<T>;
  /**
   * Where a part can bring a value loaded earlier up to date by loading only what changed: used
   * instead of `load` while the day and the versions of the `unless` tables are the earlier load's.
   */
  refresh?: {
    unless: readonly string[];
    run(db: AppDatabase, scope: PartScope, previous: T): Promise<T>;
  };
}

const part = <T>(tables: readonly string[], load: Part<T>['load'], refresh?: Part<T>['refresh']): Part<T> => ({
  tables,
  load,
  refresh,
});

/**
 * The organisation's data in seven parts, one query each whatever the number of rows. Loaded side
 * by side (PostgreSQL runs them on several pooled connections; PGlite one after the other). After
 * a write, the transactions and the salaries load only the rows written since (the row changes of
 * migration 0009), the costs only those of the salaries whose costs changed; a write to the tables
 * they cannot follow row by row (categories, VAT rates, labels) loads them whole.
 */
export const forecastDataParts = {
  minimumBalance: part(['organisations'], (db, { organisationId }) => minimumBalanceOf(db, organisationId)),
  accounts: part(['bank_accounts'], (db, { organisationId }) => bankAccountsOf(db, organisationId)),
  transactions: part(
    ['transactions', 'categories', 'vat_rates'],
    (db, { organisationId, versions }) => loadTransactions(db, organisationId, versions),
    {
      unless: ['categories', 'vat_rates'],
      run: (db, { organisationId, versions }, previous) =>
        refreshedTransactions(db, organisationId, previous, versions),
    },
  ),
  salaries: part(
    ['salaries', 'employees'],
    (db, { organisationId, versions }) => loadSalaries(db, organisationId, versions),
    {
      unless: [],
      run: (db, { organisationId, versions }, previous) => refreshedSalaries(db, organisationId, previous, versions),
    },
  ),
  // A saved cost reloads the costs of the salaries it changed; a label, renamed or deleted, all.
  costs: part(['salary_costs', 'salary_cost_labels', 'salary_cost_details'], costsOf, {
    unless: ['salary_cost_labels'],
    run: refreshedCosts,
  }),
  vatSetting: part(['vat_settings'], (db, { organisationId }) => vatSettingOf(db, organisationId)),
  exclusions: part(
    ['transaction_exclusions', 'salary_exclusions', 'salary_cost_label_exclusions'],
    (db, { organisationId, firstMonth, lastMonth }) => listExclusions(db, organisationId, { firstMonth, lastMonth }),
  ),
};

export type ForecastDataPart = keyof typeof forecastDataParts;
export type ForecastData = {
  [K in ForecastDataPart]: Awaited<ReturnType<(typeof forecastDataParts)[K]['load']>>;
};
