import { and, eq, ilike, ne, sql, type SQL } from 'drizzle-orm';
import type { BankAccountSortField, CsvMapping, ListQuery } from '@saldopilot/shared';
import type { AppDatabase } from '../../db/client.js';
import { textArray } from '../../db/arrays.js';
import { bankAccounts } from '../../db/schema/index.js';
import { germanOrder } from '../../lib/german-order.js';
import { applyListQuery, containsPattern, pageWithTotal, totalCountColumn } from '../../lib/list-query.js';

const accountColumns = {
  id: bankAccounts.id,
  name: bankAccounts.name,
  amount: bankAccounts.amount,
  currencyId: bankAccounts.currencyId,
  balanceDate: bankAccounts.balanceDate,
  iban: bankAccounts.iban,
  accountNumber: bankAccounts.accountNumber,
};

export interface BankAccountRow {
  id: number;
  name: string;
  amount: number;
  currencyId: number;
  /** "Stand per"; null while unknown (docs/bank-statements.md "Balances"). */
  balanceDate: string | null;
  iban: string | null;
  accountNumber: string | null;
}

// Names sort as German readers expect ("Ärger" next to "Anker", "bank" next to "Bank"), as every list.
const sortColumns: Record<BankAccountSortField, SQL> = {
  name: germanOrder(bankAccounts.name),
  amount: sql`${bankAccounts.amount}`,
};

function ofOrganisation(organisationId: number, search?: string) {
  const own = eq(bankAccounts.organisationId, organisationId);
  return search ? and(own, ilike(bankAccounts.name, containsPattern(search))) : own;
}

/** One page of the organisation's accounts and the number of accounts the search finds: one query. */
export async function listBankAccounts(
  db: AppDatabase,
  organisationId: number,
  query: ListQuery<BankAccountSortField>,
): Promise<{ rows: BankAccountRow[]; totalCount: number }> {
  const where = ofOrganisation(organisationId, query.search);
  const select = db
    .select({ ...accountColumns, totalCount: totalCountColumn() })
    .from(bankAccounts)
    .where(where)
    .$dynamic();
  const rows = await applyListQuery(select, query, sortColumns, [germanOrder(bankAccounts.name), bankAccounts.id]);
  return pageWithTotal(rows, query, () => db.$count(bankAccounts, where));
}

/** Balance and currency of every account of the organisation (for "Total Bankguthaben"). */
export function listBalances(db: AppDatabase, organisationId: number) {
  return db
    .select({ amount: bankAccounts.amount, currencyId: bankAccounts.currencyId })
    .from(bankAccounts)
    .where(eq(bankAccounts.organisationId, organisationId));
}

export async function findBankAccount(
  db: AppDatabase,
  organisationId: number,
  id: number,
): Promise<BankAccountRow | undefined> {
  const [row] = await db
    .select(accountColumns)
    .from(bankAccounts)
    .where(and(eq(bankAccounts.id, id), eq(bankAccounts.organisationId, organisationId)));
  return row;
}

export async function insertBankAccount(
  db: AppDatabase,
  organisationId: number,
  values: Omit<BankAccountRow, 'id' | 'iban' | 'accountNumber'> & {
    iban?: string | null | undefined;
    accountNumber?: string | null | undefined;
  },
): Promise<BankAccountRow> {
  const [row] = await db
    .insert(bankAccounts)
    .values({ ...values, organisationId })
    .returning(accountColumns);
  if (!row) throw new Error('bank account insert returned nothing');
  return row;
}

/**
 * Changes the given fields of an account of the organisation; undefined when there is none.
 * `balanceDateIfAmountChanged` becomes the balance date only when the stored amount differs from
 * the new one: decided in the same statement, so no read runs ahead of the write.
 */
export async function updateBankAccount(
  db: AppDatabase,
  organisationId: number,
  id: number,
  changes: Partial<Omit<BankAccountRow, 'id'>> & { balanceDateIfAmountChanged?: string },
): Promise<BankAccountRow | undefined> {
  const { balanceDateIfAmountChanged, ...values } = changes;
  // An explicit null stays: "Stand per" unknown (docs/bank-statements.md "Balances").
  const balanceDate =
    values.balanceDate !== undefined
      ? values.balanceDate
      : balanceDateIfAmountChanged !== undefined && values.amount !== undefined
        ? sql`case when ${bankAccounts.amount} <> ${values.amount} then ${balanceDateIfAmountChanged}::date else ${bankAccounts.balanceDate} end`
        : undefined;
  const [row] = await db
    .update(bankAccounts)
    .set({ ...values, ...(balanceDate !== undefined ? { balanceDate } : {}) })
    .where(and(eq(bankAccounts.id, id), eq(bankAccounts.organisationId, organisationId)))
    .returning(accountColumns);
  return row;
}

/** Deletes an account of the organisation; false when there is none. */
export async function deleteBankAccount(db: AppDatabase, organisationId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(bankAccounts)
    .where(and(eq(bankAccounts.id, id), eq(bankAccounts.organisationId, organisationId)))
    .returning({ id: bankAccounts.id });
  return rows.length === 1;
}

/** Another account of the organisation with this IBAN (its id), or undefined. */
export async function findAccountWithIban(
  db: AppDatabase,
  organisationId: number,
  iban: string,
  exceptId?: number,
): Promise<number | undefined> {
  const [row] = await db
    .select({ id: bankAccounts.id })
    .from(bankAccounts)
    .where(
      and(
        eq(bankAccounts.organisationId, organisationId),
        eq(bankAccounts.iban, iban),
        exceptId === undefined ? undefined : ne(bankAccounts.id, exceptId),
      ),
    );
  return row?.id;
}

/** An account as a statement import sees it: also the statement accounts remembered for it. */
export interface ImportAccountRow extends BankAccountRow {
  statementAccountIds: string[];
}

/**
 * Every account of the organisation with what a statement import needs: IBAN, "Kontonummer", the
 * remembered statement accounts, currency, balance and its date.
 */
export function listAccountsForImport(db: AppDatabase, organisationId: number): Promise<ImportAccountRow[]> {
  return db
    .select({ ...accountColumns, statementAccountIds: bankAccounts.statementAccountIds })
    .from(bankAccounts)
    .where(eq(bankAccounts.organisationId, organisationId));
}

/**
 * Remembers that statements of the statement accounts `keys` go to the account (docs/bank-statements.md
 * "Accounts"): added to it and taken from every other account of the organisation, so one key names
 * one account.
 */
export async function rememberStatementAccounts(
  db: AppDatabase,
  organisationId: number,
  id: number,
  keys: string[],
): Promise<void> {
  if (keys.length === 0) return;
  const list = sql`${textArray(keys)}::text[]`;
  await db
    .update(bankAccounts)
    .set({
      statementAccountIds: sql`array(select key from unnest(${bankAccounts.statementAccountIds}) as key where key <> all(${list}))`,
    })
    .where(
      and(
        eq(bankAccounts.organisationId, organisationId),
        ne(bankAccounts.id, id),
        sql`${bankAccounts.statementAccountIds} && ${list}`,
      ),
    );
  await db
    .update(bankAccounts)
    .set({
      statementAccountIds: sql`array(select distinct key from unnest(${bankAccounts.statementAccountIds} || ${list}) as key order by key)`,
    })
    .where(and(eq(bankAccounts.organisationId, organisationId), eq(bankAccounts.id, id)));
}

/** The CSV mapping remembered for an account of the organisation; undefined when there is no such account. */
export async function findCsvMapping(
  db: AppDatabase,
  organisationId: number,
  id: number,
): Promise<{ csvMapping: CsvMapping | null } | undefined> {
  const [row] = await db
    .select({ csvMapping: bankAccounts.csvMapping })
    .from(bankAccounts)
    .where(and(eq(bankAccounts.id, id), eq(bankAccounts.organisationId, organisationId)));
  return row;
}

/** Remembers (or with null forgets) the CSV mapping of an account; false when there is no such account. */
export async function setCsvMapping(
  db: AppDatabase,
  organisationId: number,
  id: number,
  csvMapping: CsvMapping | null,
): Promise<boolean> {
  const rows = await db
    .update(bankAccounts)
    .set({ csvMapping })
    .where(and(eq(bankAccounts.id, id), eq(bankAccounts.organisationId, organisationId)))
    .returning({ id: bankAccounts.id });
  return rows.length === 1;
}
