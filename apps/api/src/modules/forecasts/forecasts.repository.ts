import { and, asc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { unionAll, type PgColumn } from 'drizzle-orm/pg-core';
import type { ForecastSalaryCost } from '@saldopilot/forecast';
import { parseNetAdjustments } from '@saldopilot/shared';
import { isAnyOf } from '../../db/arrays.js';
import type { AppDatabase } from '../../db/client.js';
import {
  bankAccounts,
  categories,
  employees,
  organisationDataVersions,
  organisations,
  salaries,
  salaryCostDetails,
  salaryCostLabelExclusions,
  salaryCostLabels,
  salaryCosts,
  salaryCostVersions,
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

function bankAccountsOf(db: AppDatabase, organisationId: number) {
  return db
    .select({ amount: bankAccounts.amount, currencyId: bankAccounts.currencyId })
    .from(bankAccounts)
    .where(eq(bankAccounts.organisationId, organisationId));
}

function transactionsOf(db: AppDatabase, organisationId: number) {
  return db
    .select({
      id: transactions.id,
      name: transactions.name,
      amount: transactions.amount,
      currencyId: transactions.currencyId,
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
    .innerJoin(categories, eq(categories.id, transactions.categoryId))
    .leftJoin(vatRates, eq(vatRates.id, transactions.vatRateId))
    .where(eq(transactions.organisationId, organisationId))
    .orderBy(asc(transactions.id));
}

async function salariesOf(db: AppDatabase, organisationId: number) {
  const rows = await db
    .select({
      id: salaries.id,
      employeeId: salaries.employeeId,
      employeeName: employees.name,
      amount: salaries.amount,
      employeeDeductions: salaries.employeeDeductions,
      netAdjustments: salaries.netAdjustments,
      currencyId: salaries.currencyId,
      cycle: salaries.cycle,
      fromDate: salaries.fromDate,
      toDate: salaries.toDate,
      isDisabled: salaries.isDisabled,
      isTermination: salaries.isTermination,
    })
    .from(salaries)
    .innerJoin(employees, eq(employees.id, salaries.employeeId))
    .where(eq(salaries.organisationId, organisationId))
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

/** The organisation's costs by salary, as the engine takes them, with each salary's cost version. */
export interface SalaryCosts {
  versions: ReadonlyMap<number, number>;
  bySalary: ReadonlyMap<number, ForecastSalaryCost[]>;
}

/**
 * The costs with their labels and stored schedules, of the organisation or of some of its salaries
 * (one query), each with its salary's cost version read in the same query. Of the schedule only
 * what the forecast can use: the payments from the first to the last month of the horizon, plus
 * the latest one before the first month — the catch-up that the include-previous mode (research
 * §5.6) may pick as the "next" payment. The payments come as one text per cost (in month order):
 * with thousands of costs, one row per payment made the driver, not the database, the slow part.
 */
async function costRowsOf(
  db: AppDatabase,
  organisationId: number,
  firstMonth: string,
  lastMonth: string,
  salaryIds?: number[],
) {
  const d = sql.raw('d');
  return db
    .select({
      id: salaryCosts.id,
      salaryId: salaryCosts.salaryId,
      version: salaryCostVersions.version,
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
    .leftJoin(salaryCostVersions, eq(salaryCostVersions.salaryId, salaryCosts.salaryId))
    .where(
      and(
        eq(salaryCosts.organisationId, organisationId),
        salaryIds === undefined ? undefined : isAnyOf(salaryCosts.salaryId, salaryIds),
      ),
    )
    .orderBy(asc(salaryCosts.id));
}

/** Adds `rows` to the maps, each cost under its salary, each salary's version as read with it. */
function addCostRows(
  rows: Awaited<ReturnType<typeof costRowsOf>>,
  versions: Map<number, number>,
  bySalary: Map<number, ForecastSalaryCost[]>,
): void {
  for (const { salaryId, version, schedule, ...cost } of rows) {
    // A salary with costs always has a version (migration 0007); without one it is only never refreshed.
    if (version !== null) versions.set(salaryId, version);
    let list = bySalary.get(salaryId);
    if (!list) bySalary.set(salaryId, (list = []));
    list.push({ ...cost, details: parseSchedule(schedule) });
  }
}

/** All of the organisation's costs (one query). */
async function costsOf(
  db: AppDatabase,
  organisationId: number,
  firstMonth: string,
  lastMonth: string,
): Promise<SalaryCosts> {
  const versions = new Map<number, number>();
  const bySalary = new Map<number, ForecastSalaryCost[]>();
  addCostRows(await costRowsOf(db, organisationId, firstMonth, lastMonth), versions, bySalary);
  return { versions, bySalary };
}

/** Beyond this many salaries changed at once, loading all costs again is as quick and simpler. */
const MOST_SALARIES_REFRESHED = 500;

/**
 * `previous` (loaded for the same months) brought up to date: the salaries' cost versions are read
 * (one query) and only the costs of the salaries whose version moved are loaded again (one more);
 * a salary whose version is gone was deleted and its costs go too. The maps are new, `previous` is
 * left as it is (a computation may still be reading it).
 */
async function refreshedCosts(
  db: AppDatabase,
  organisationId: number,
  firstMonth: string,
  lastMonth: string,
  previous: SalaryCosts,
): Promise<SalaryCosts> {
  const current = await db
    .select({ salaryId: salaryCostVersions.salaryId, version: salaryCostVersions.version })
    .from(salaryCostVersions)
    .where(eq(salaryCostVersions.organisationId, organisationId));
  const currentVersions = new Map(current.map((row) => [row.salaryId, row.version]));
  const changed = current
    .filter((row) => previous.versions.get(row.salaryId) !== row.version)
    .map((row) => row.salaryId);
  if (changed.length > MOST_SALARIES_REFRESHED) return costsOf(db, organisationId, firstMonth, lastMonth);
  const versions = new Map(previous.versions);
  const bySalary = new Map(previous.bySalary);
  for (const salaryId of previous.versions.keys()) {
    if (!currentVersions.has(salaryId)) {
      versions.delete(salaryId);
      bySalary.delete(salaryId);
    }
  }
  for (const salaryId of changed) {
    // A salary that lost all its costs keeps this version; one with costs gets the version read
    // with its rows below (the same snapshot).
    versions.set(salaryId, currentVersions.get(salaryId)!);
    bySalary.delete(salaryId);
  }
  if (changed.length > 0) {
    addCostRows(await costRowsOf(db, organisationId, firstMonth, lastMonth, changed), versions, bySalary);
  }
  return { versions, bySalary };
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
export interface Part<T> {
  /** The tables the part is read from: a write to any of them reloads it, and only it. */
  tables: readonly string[];
  load(db: AppDatabase, organisationId: number, firstMonth: string, lastMonth: string): Promise<T>;
  /**
   * Where a part can bring a value loaded earlier up to date by loading only what changed: used
   * instead of `load` while the day and the versions of the `unless` tables are the earlier load's.
   */
  refresh?: {
    unless: readonly string[];
    run(db: AppDatabase, organisationId: number, firstMonth: string, lastMonth: string, previous: T): Promise<T>;
  };
}

const part = <T>(tables: readonly string[], load: Part<T>['load'], refresh?: Part<T>['refresh']): Part<T> => ({
  tables,
  load,
  refresh,
});

/**
 * The organisation's data in seven parts, one query each whatever the number of rows (a refresh of
 * the costs: two). Loaded side by side (PostgreSQL runs them on several pooled connections; PGlite
 * one after the other).
 */
export const forecastDataParts = {
  minimumBalance: part(['organisations'], (db, organisationId) => minimumBalanceOf(db, organisationId)),
  accounts: part(['bank_accounts'], (db, organisationId) => bankAccountsOf(db, organisationId)),
  transactions: part(['transactions', 'categories', 'vat_rates'], (db, organisationId) =>
    transactionsOf(db, organisationId),
  ),
  salaries: part(['salaries', 'employees'], (db, organisationId) => salariesOf(db, organisationId)),
  // A saved cost reloads the costs of the salaries it changed; a label, renamed or deleted, all.
  costs: part(['salary_costs', 'salary_cost_labels', 'salary_cost_details'], costsOf, {
    unless: ['salary_cost_labels'],
    run: refreshedCosts,
  }),
  vatSetting: part(['vat_settings'], (db, organisationId) => vatSettingOf(db, organisationId)),
  exclusions: part(
    ['transaction_exclusions', 'salary_exclusions', 'salary_cost_label_exclusions'],
    (db, organisationId, firstMonth, lastMonth) => listExclusions(db, organisationId, { firstMonth, lastMonth }),
  ),
};

export type ForecastDataPart = keyof typeof forecastDataParts;
export type ForecastData = {
  [K in ForecastDataPart]: Awaited<ReturnType<(typeof forecastDataParts)[K]['load']>>;
};
