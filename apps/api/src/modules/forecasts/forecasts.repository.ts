import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { LeafTable } from '@saldopilot/forecast';
import { parseNetAdjustments } from '@saldopilot/shared';
import { isAnyOf } from '../../db/arrays.js';
import type { AppDatabase } from '../../db/client.js';
import {
  bankAccounts,
  bankEntries,
  bankEntryMatches,
  bankStatementPeriods,
  categories,
  occurrenceDismissals,
  currencies,
  employees,
  organisationDataVersions,
  organisationRowChanges,
  organisations,
  salaries,
  salaryCostDetails,
  salaryCostLabels,
  salaryCosts,
  transactions,
  vatRates,
  vatSettings,
} from '../../db/schema/index.js';

/**
 * The SQL a forecast is read with: one query per part of its data whatever the number of accounts,
 * transactions, employees or costs (no query per row), the data versions and the row changes.
 * Which part reads which table, and what makes it stale, is said in forecast-inputs.ts.
 */

/** The minimum balance of the organisation ("Mindestliquidität"). */
export async function minimumBalanceOf(db: AppDatabase, organisationId: number): Promise<number> {
  const [row] = await db
    .select({ minimumBalance: organisations.minimumBalance })
    .from(organisations)
    .where(eq(organisations.id, organisationId));
  return row?.minimumBalance ?? 0;
}

// The rows come in the engine's shape (currency codes, not ids), so the forecast model can keep
// comparing the same row objects from one read to the next (docs/forecast.md "After a write").

export function bankAccountsOf(db: AppDatabase, organisationId: number) {
  return db
    .select({ amount: bankAccounts.amount, currency: currencies.code })
    .from(bankAccounts)
    .innerJoin(currencies, eq(currencies.id, bankAccounts.currencyId))
    .where(eq(bankAccounts.organisationId, organisationId));
}

/** The organisation's transactions, or only those with the given ids. */
export function transactionsOf(db: AppDatabase, organisationId: number, ids?: readonly number[]) {
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
      reference: transactions.reference,
      bankAccountId: transactions.bankAccountId,
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
export async function salariesOf(
  db: AppDatabase,
  organisationId: number,
  only?: { ids: number[]; employeeIds: number[] },
) {
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

/** The payments of a cost from its `schedule` column (`month,amount,divider,extra;…`, see `costRowsOf`). */
export function decodeCostPayments(text: string | null): StoredCostDetail[] {
  if (!text) return [];
  return text.split(';').map((entry) => {
    const [month = '', amount = '0', divider = '0', extra = '0'] = entry.split(',');
    return { month, amount: Number(amount), divider: Number(divider), isExtraMonth: extra === '1' };
  });
}

/**
 * The costs with their labels and stored schedules, of the organisation or of some of its salaries
 * (one query). Of the schedule only what the forecast can use: the payments from the first to the
 * last month of the horizon, plus the latest one before the first month — the catch-up that the
 * include-previous mode (docs/salary-costs.md) may pick as the "next" payment. The payments come as
 * one text per cost (in month order): with thousands of costs, one row per payment made the
 * driver, not the database, the slow part.
 */
export async function costRowsOf(
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
      fund: salaryCosts.fund,
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

export async function vatSettingOf(db: AppDatabase, organisationId: number) {
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
      previousYearTax: vatSettings.previousYearTax,
    })
    .from(vatSettings)
    .where(eq(vatSettings.organisationId, organisationId));
  return row ?? null;
}

/**
 * The ids of the rows of `table` changed (written or deleted) after `since`, or undefined when
 * changes that old were pruned (then everything is loaded again). One query.
 */
export async function rowsChangedSince(
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

/**
 * `dataVersionsOf` for several organisations in one query (the Übersicht: docs/cockpit.md "Speed"),
 * one row per organisation with its versions as one JSON object: a fiduciary's hundreds times the
 * tables were most of the read's rows.
 */
export async function dataVersionsOfMany(
  db: AppDatabase,
  organisationIds: readonly number[],
): Promise<Map<number, Map<string, number>>> {
  const rows = await db
    .select({
      organisationId: organisationDataVersions.organisationId,
      versions: sql<
        Record<string, number | string>
      >`json_object_agg(${organisationDataVersions.tableName}, ${organisationDataVersions.version})`,
    })
    .from(organisationDataVersions)
    .where(inArray(organisationDataVersions.organisationId, [0, ...organisationIds]))
    .groupBy(organisationDataVersions.organisationId);
  const shared = new Map<string, number>();
  const byOrganisation = new Map(organisationIds.map((id) => [id, new Map<string, number>()]));
  for (const row of rows) {
    const versions = row.organisationId === 0 ? shared : byOrganisation.get(row.organisationId);
    for (const [table, version] of Object.entries(row.versions)) versions?.set(table, Number(version));
  }
  for (const versions of byOrganisation.values()) {
    for (const [table, version] of shared) versions.set(table, (versions.get(table) ?? 0) + version);
  }
  return byOrganisation;
}

/** The occurrences no longer open, and what the statements cover (docs/plan-actual.md). */
export interface PlanState {
  closed: { kind: LeafTable; id: number; dueDate: string }[];
  /** The booking periods of the imported statements, by account (docs/plan-actual.md "Coverage"). */
  periods: { bankAccountId: number; from: string; to: string }[];
  /** The organisation's salary account ("Lohnkonto"), or null. */
  salaryAccountId: number | null;
  /** The closed occurrences marked "entfällt" (a part of `closed`). */
  dismissed: { kind: LeafTable; id: number; dueDate: string }[];
}

/**
 * What the forecast needs of plan vs actual (docs/plan-actual.md "The forecast counts nothing
 * twice"), in three queries: the closed occurrences — matched with every entry booked on or before
 * its account's "Stand per", or marked "entfällt" —, the statements' periods and the salary account.
 */
export async function planStateOf(db: AppDatabase, organisationId: number): Promise<PlanState> {
  const matched = db
    .select({
      kind: bankEntryMatches.kind,
      id: bankEntryMatches.itemId,
      dueDate: bankEntryMatches.dueDate,
      isDismissed: sql<boolean>`false`,
    })
    .from(bankEntryMatches)
    .innerJoin(bankEntries, eq(bankEntries.id, bankEntryMatches.bankEntryId))
    .innerJoin(bankAccounts, eq(bankAccounts.id, bankEntries.bankAccountId))
    .where(eq(bankEntryMatches.organisationId, organisationId))
    .groupBy(bankEntryMatches.kind, bankEntryMatches.itemId, bankEntryMatches.dueDate)
    // An unknown "Stand per" holds no entry yet: such a match closes nothing (docs/bank-statements.md "Balances").
    .having(sql`bool_and(coalesce(${bankEntries.bookingDate} <= ${bankAccounts.balanceDate}, false))`);
  const dismissed = db
    .select({
      kind: occurrenceDismissals.kind,
      id: occurrenceDismissals.itemId,
      dueDate: occurrenceDismissals.dueDate,
      isDismissed: sql<boolean>`true`,
    })
    .from(occurrenceDismissals)
    .where(eq(occurrenceDismissals.organisationId, organisationId));
  const [rows, periods, [organisation]] = await Promise.all([
    matched.unionAll(dismissed),
    statementPeriodsOf(db, organisationId),
    db
      .select({ salaryAccountId: organisations.salaryBankAccountId })
      .from(organisations)
      .where(eq(organisations.id, organisationId)),
  ]);
  const closed = rows.map(({ kind, id, dueDate }) => ({ kind: kind as LeafTable, id, dueDate }));
  return {
    closed,
    dismissed: closed.filter((_, index) => rows[index]?.isDismissed === true),
    periods,
    salaryAccountId: organisation?.salaryAccountId ?? null,
  };
}

/** The booking periods of the organisation's imported statements (docs/bank-statements.md "Coverage"). */
export function statementPeriodsOf(db: AppDatabase, organisationId: number) {
  return db
    .select({
      bankAccountId: bankStatementPeriods.bankAccountId,
      from: bankStatementPeriods.fromDate,
      to: bankStatementPeriods.toDate,
    })
    .from(bankStatementPeriods)
    .where(eq(bankStatementPeriods.organisationId, organisationId))
    .orderBy(asc(bankStatementPeriods.bankAccountId), asc(bankStatementPeriods.fromDate));
}

/**
 * The matched payments of the transactions whose learned delay applies, booked from `from`: due date
 * against booking date (docs/recurring.md "Payment delays").
 */
export function delayedPaymentsOf(db: AppDatabase, organisationId: number, from: string) {
  return db
    .select({
      transactionId: bankEntryMatches.itemId,
      dueDate: bankEntryMatches.dueDate,
      bookingDate: bankEntries.bookingDate,
    })
    .from(bankEntryMatches)
    .innerJoin(bankEntries, eq(bankEntries.id, bankEntryMatches.bankEntryId))
    .innerJoin(
      transactions,
      and(
        eq(transactions.id, bankEntryMatches.itemId),
        eq(transactions.organisationId, organisationId),
        eq(transactions.applyLearnedDelay, true),
      ),
    )
    .where(
      and(
        eq(bankEntryMatches.organisationId, organisationId),
        eq(bankEntryMatches.kind, 'transactions'),
        sql`${bankEntries.bookingDate} >= ${from}`,
      ),
    );
}
