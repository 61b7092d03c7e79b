import { learnDelays, recordChanges, type ForecastSalaryCost } from '@saldopilot/forecast';
import { addMonths } from '@saldopilot/shared';
import type { AppDatabase } from '../../db/client.js';
import type { ForecastCache } from './forecast-cache.js';
import { findPaymentCalendar } from './payment-calendar.repository.js';
import { listExclusions } from './forecast-exclusions.repository.js';
import {
  bankAccountsOf,
  costRowsOf,
  decodeCostPayments,
  delayedPaymentsOf,
  minimumBalanceOf,
  planStateOf,
  salariesOf,
  transactionsOf,
  vatSettingOf,
} from './forecasts.repository.js';
import { loadPastFigures, refreshedPastFigures } from './past-figures.js';
import { changedRowsOf } from './changed-rows.js';

/**
 * What a forecast reads and what makes it stale, in one place (docs/forecast.md "After a write").
 *
 * The forecast's data comes in parts (`forecastInputs` below), each a fixed number of queries
 * whatever the number of rows, loaded side by side (PostgreSQL runs them on several pooled
 * connections; PGlite one after the other). Each part names the tables it reads: every write to one of them raises the organisation's version of
 * that table (the triggers of migrations 0006 and 0009), and a part is kept in memory
 * (forecast-cache.ts) while the day and the versions of its tables stay the same, so a write
 * reloads the parts that read the written table, and only those. After a write, the transactions
 * and the salaries load only the rows written since (the row changes of migration 0009), the costs
 * only those of the salaries whose costs changed (`refresh`); a write to a table they cannot follow
 * row by row (categories, VAT rates, labels: `refresh.unless`) loads them whole.
 *
 * **Rule: a table the forecast starts to read needs its trigger (a migration like 0006) and its
 * place here.** `forecasts.test.ts` compares the tables named here with the tables that carry the
 * version trigger in the database, and writes each of them to see its version rise.
 */

/** What a part is loaded for: the organisation, the months, and the data versions read before. */
export interface PartScope {
  organisationId: number;
  /** Today (the stamps hold the day). */
  today: string;
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

/** Rows of a part that refreshes row by row, with the versions of the tables they were read at. */
export interface TrackedRows<T> {
  versions: ReadonlyMap<string, number>;
  rows: T[];
}

/** The organisation's costs by salary, as the engine takes them, with the table versions read before. */
export interface SalaryCosts {
  versions: ReadonlyMap<string, number>;
  bySalary: ReadonlyMap<number, ForecastSalaryCost[]>;
}

/** Beyond this many changed rows, loading all again is as quick and simpler. */
const MOST_ROWS_REFRESHED = 500;

/** The tables whose row changes name the salaries whose costs to reload. */
const COST_TABLES = ['salary_costs', 'salary_cost_details'] as const;

/** The versions of `tables` in `versions` (read before the rows: the rows are at least that new). */
function tracked(versions: ReadonlyMap<string, number>, tables: readonly string[]): Map<string, number> {
  return new Map(tables.map((table) => [table, versions.get(table) ?? 0]));
}

/**
 * `previous` with the rows of the changed ids replaced by `fresh` (a changed id missing from
 * `fresh` was deleted). Unchanged rows stay the same objects, and the new list records the changed
 * ids (list-changes.ts in the engine), so the forecast model visits only those.
 */
function mergedRows<T extends { id: number }>(
  previous: readonly T[],
  changed: readonly number[],
  fresh: readonly T[],
): T[] {
  if (changed.length === 0) return previous as T[];
  const items = new Map<number, T | undefined>(changed.map((id) => [id, undefined]));
  for (const row of fresh) items.set(row.id, row);
  return recordChanges([...previous.filter((row) => !items.has(row.id)), ...fresh], previous, items);
}

type TransactionRow = Awaited<ReturnType<typeof transactionsOf>>[number];
type SalaryRow = Awaited<ReturnType<typeof salariesOf>>[number];

async function loadTransactions(db: AppDatabase, { organisationId, versions }: PartScope) {
  return { versions: tracked(versions, ['transactions']), rows: await transactionsOf(db, organisationId) };
}

/** The transactions of `previous` with the changed ones loaded again (two queries). */
async function refreshedTransactions(
  db: AppDatabase,
  scope: PartScope,
  previous: TrackedRows<TransactionRow>,
): Promise<TrackedRows<TransactionRow>> {
  const { organisationId, versions } = scope;
  const since = previous.versions.get('transactions') ?? 0;
  const changed = await changedRowsOf(db, scope, 'transactions', since);
  if (changed === undefined || changed.length > MOST_ROWS_REFRESHED) return loadTransactions(db, scope);
  const fresh = changed.length === 0 ? [] : await transactionsOf(db, organisationId, changed);
  return { versions: tracked(versions, ['transactions']), rows: mergedRows(previous.rows, changed, fresh) };
}

async function loadSalaries(db: AppDatabase, { organisationId, versions }: PartScope) {
  return { versions: tracked(versions, ['salaries', 'employees']), rows: await salariesOf(db, organisationId) };
}

/** The salaries of `previous` with the changed ones, and those of renamed employees, loaded again. */
async function refreshedSalaries(
  db: AppDatabase,
  scope: PartScope,
  previous: TrackedRows<SalaryRow>,
): Promise<TrackedRows<SalaryRow>> {
  const { organisationId, versions } = scope;
  const since = (table: string) => previous.versions.get(table) ?? 0;
  const [ids, employeeIds] = await Promise.all([
    changedRowsOf(db, scope, 'salaries', since('salaries')),
    changedRowsOf(db, scope, 'employees', since('employees')),
  ]);
  if (ids === undefined || employeeIds === undefined || ids.length + employeeIds.length > MOST_ROWS_REFRESHED) {
    return loadSalaries(db, scope);
  }
  const fresh = ids.length + employeeIds.length === 0 ? [] : await salariesOf(db, organisationId, { ids, employeeIds });
  const employees = new Set(employeeIds);
  const changed = [...ids, ...previous.rows.filter((row) => employees.has(row.employeeId)).map((row) => row.id)];
  return { versions: tracked(versions, ['salaries', 'employees']), rows: mergedRows(previous.rows, changed, fresh) };
}

/** Adds `rows` to `bySalary`, each cost under its salary. */
function addCostRows(rows: Awaited<ReturnType<typeof costRowsOf>>, bySalary: Map<number, ForecastSalaryCost[]>): void {
  for (const { salaryId, schedule, ...cost } of rows) {
    let list = bySalary.get(salaryId);
    if (!list) bySalary.set(salaryId, (list = []));
    list.push({ ...cost, details: decodeCostPayments(schedule) });
  }
}

/** All of the organisation's costs (one query). */
async function loadCosts(db: AppDatabase, scope: PartScope): Promise<SalaryCosts> {
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
    COST_TABLES.map((table) => changedRowsOf(db, scope, table, previous.versions.get(table) ?? 0)),
  );
  if (changes.some((ids) => ids === undefined)) return loadCosts(db, scope);
  const changed = [...new Set(changes.flatMap((ids) => ids ?? []))];
  if (changed.length > MOST_ROWS_REFRESHED) return loadCosts(db, scope);
  if (changed.length === 0) {
    return recordChanges(
      { versions: tracked(scope.versions, COST_TABLES), bySalary: previous.bySalary },
      previous,
      new Map(),
    );
  }
  const bySalary = new Map(previous.bySalary);
  for (const salaryId of changed) bySalary.delete(salaryId);
  addCostRows(await costRowsOf(db, organisationId, firstMonth, lastMonth, changed), bySalary);
  // The salaries whose cost lists are new (list-changes.ts): the service maps only those again.
  return recordChanges(
    { versions: tracked(scope.versions, COST_TABLES), bySalary },
    previous,
    new Map(changed.map((id) => [id, undefined])),
  );
}

/**
 * The learned delay in days of each transaction whose switch is on (docs/recurring.md "Payment
 * delays"), from its matched payments of the last 6 months; none when too few. The day is in the
 * part's stamp, so the 6 months move with it.
 */
async function loadDelays(db: AppDatabase, { organisationId, today }: PartScope): Promise<Map<number, number>> {
  const rows = await delayedPaymentsOf(db, organisationId, addMonths(today, -7));
  const delays = new Map<number, number>();
  for (const [id, delay] of learnDelays(
    rows.map((row) => ({ ...row, counterpartyKey: null, counterpartyName: null })),
    today,
  ).byTransaction) {
    if (delay.days !== 0) delays.set(id, delay.days);
  }
  return delays;
}

const part = <T>(tables: readonly string[], load: Part<T>['load'], refresh?: Part<T>['refresh']): Part<T> => ({
  tables,
  load,
  refresh,
});

/** The forecast's parts: the tables each reads, how it loads, and how it refreshes after a write. */
export const forecastInputs = {
  minimumBalance: part(['organisations'], (db, { organisationId }) => minimumBalanceOf(db, organisationId)),
  accounts: part(['bank_accounts'], (db, { organisationId }) => bankAccountsOf(db, organisationId)),
  transactions: part(['transactions', 'categories', 'vat_rates'], loadTransactions, {
    unless: ['categories', 'vat_rates'],
    run: refreshedTransactions,
  }),
  salaries: part(['salaries', 'employees'], loadSalaries, { unless: [], run: refreshedSalaries }),
  // A saved cost reloads the costs of the salaries it changed; a label, renamed or deleted, all.
  costs: part(['salary_costs', 'salary_cost_labels', 'salary_cost_details'], loadCosts, {
    unless: ['salary_cost_labels'],
    run: refreshedCosts,
  }),
  vatSetting: part(['vat_settings'], (db, { organisationId }) => vatSettingOf(db, organisationId)),
  paymentCalendar: part(['payment_calendars'], (db, { organisationId }) => findPaymentCalendar(db, organisationId)),
  exclusions: part(
    ['transaction_exclusions', 'salary_exclusions', 'salary_cost_label_exclusions', 'calendar_leaf_exclusions'],
    (db, { organisationId, firstMonth, lastMonth }) => listExclusions(db, organisationId, { firstMonth, lastMonth }),
  ),
  // The salary figures of the months before today's (docs/plan-actual.md "Planned occurrences").
  // A write reloads the figures of the employees it touched only; a new day all (the stamp holds the day).
  pastFigures: part(['salaries', 'employees', 'salary_costs', 'salary_cost_details'], loadPastFigures, {
    unless: [],
    run: refreshedPastFigures,
  }),
  // The learned delays of the transactions whose switch is on (docs/recurring.md "Payment delays").
  delays: part(['bank_entry_matches', 'bank_entries', 'transactions'], loadDelays),
  // Plan vs actual: the closed occurrences, the statements' periods and the salary account
  // (docs/plan-actual.md "Coverage").
  plan: part(
    [
      'bank_entry_matches',
      'occurrence_dismissals',
      'bank_entries',
      'bank_accounts',
      'bank_statement_periods',
      'organisations',
    ],
    (db, { organisationId }) => planStateOf(db, organisationId),
  ),
};

export type ForecastInputName = keyof typeof forecastInputs;
export type ForecastData = {
  [K in ForecastInputName]: Awaited<ReturnType<(typeof forecastInputs)[K]['load']>>;
};

/** The parts' names in a fixed order (stamps and loaded values are listed in this order). */
export const forecastInputNames = Object.keys(forecastInputs) as ForecastInputName[];

/** Every table the forecast reads: each needs the version trigger. */
export const forecastTables: readonly string[] = [
  ...new Set(Object.values(forecastInputs).flatMap((input) => input.tables)),
];

/** "day|version,version,…" of `tables`: equal stamps mean equal rows in those tables. */
function stampOf(today: string, tables: readonly string[], versions: ReadonlyMap<string, number>): string {
  return `${today}|${tables.map((table) => versions.get(table) ?? 0).join(',')}`;
}

/** Each part's stamp (in the order of `forecastInputNames`) for the day and the versions read. */
export function inputStamps(today: string, versions: ReadonlyMap<string, number>): string[] {
  return forecastInputNames.map((name) => stampOf(today, forecastInputs[name].tables, versions));
}

/** The parts' values (in the order of `forecastInputNames`) as the forecast's data. */
function dataFrom(values: readonly unknown[]): ForecastData {
  // Each value is its part's load result (same names, same order).
  return Object.fromEntries(forecastInputNames.map((name, index) => [name, values[index]])) as unknown as ForecastData;
}

/**
 * Each part of the organisation's data from memory while its stamp (`stamps`, from `inputStamps`)
 * holds, else refreshed or loaded (side by side).
 */
export async function readForecastData(
  cache: ForecastCache,
  db: AppDatabase,
  scope: PartScope,
  today: string,
  stamps: readonly string[],
): Promise<ForecastData> {
  const values = await Promise.all(
    forecastInputNames.map((name, index) => {
      const { load, refresh } = forecastInputs[name] as Part<unknown>;
      return cache.part(
        scope.organisationId,
        name,
        stamps[index]!,
        () => load(db, scope),
        refresh && {
          base: stampOf(today, refresh.unless, scope.versions),
          run: (previous) => refresh.run(db, scope, previous),
        },
      );
    }),
  );
  return dataFrom(values);
}

/** Every part loaded anew, one after the other (a transaction's queries share one connection). */
export async function loadForecastData(reader: AppDatabase, scope: PartScope): Promise<ForecastData> {
  const values: unknown[] = [];
  for (const name of forecastInputNames) values.push(await forecastInputs[name].load(reader, scope));
  return dataFrom(values);
}
