import { and, eq, gte, ilike, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { BankEntryListQuery } from '@saldopilot/shared';
import type { AppDatabase } from '../../db/client.js';
import { arrayLiteral, textArray } from '../../db/arrays.js';
import { executeRows } from '../../db/execute-rows.js';
import { bankAccounts, bankEntries, bankStatementPeriods, categories } from '../../db/schema/index.js';
import { applyListQuery, containsPattern, pageWithTotal, totalCountColumn } from '../../lib/list-query.js';

/** An entry as the import writes it. */
export interface NewBankEntry {
  bankAccountId: number;
  identity: string;
  bookingDate: string;
  valueDate: string | null;
  amount: number;
  currency: string;
  counterpartyName: string | null;
  counterpartyIban: string | null;
  remittanceInformation: string | null;
  reference: string | null;
  referenceType: string | null;
  bankReference: string | null;
  isReversal: boolean;
  charges: number | null;
  source: string;
}

/** Rows per insert statement: each column is one array parameter, so this only bounds the statement's size. */
const INSERT_CHUNK = 2000;

/** The identities among `identities` that the account already has. */
export async function findTakenIdentities(
  db: AppDatabase,
  bankAccountId: number,
  identities: string[],
): Promise<Set<string>> {
  const taken = new Set<string>();
  // In chunks as the insert: on PGlite each query holds the event loop while it runs (docs/bank-statements.md "Speed").
  for (let start = 0; start < identities.length; start += INSERT_CHUNK) {
    const chunk = identities.slice(start, start + INSERT_CHUNK);
    const rows = await db
      .select({ identity: bankEntries.identity })
      .from(bankEntries)
      .where(
        and(eq(bankEntries.bankAccountId, bankAccountId), sql`${bankEntries.identity} = any(${textArray(chunk)})`),
      );
    for (const row of rows) taken.add(row.identity);
  }
  return taken;
}

/**
 * Inserts entries of the organisation; an entry whose identity its account already has is skipped
 * by the unique index (also when a concurrent import wrote it first). Answers how many were new.
 */
export async function insertEntries(db: AppDatabase, organisationId: number, rows: NewBankEntry[]): Promise<number> {
  // In one order (account, identity) in every import, so two imports that share entries (a camt.054
  // and its camt.053) wait for each other on the unique index instead of deadlocking.
  const entries = [...rows].sort(
    (a, b) => a.bankAccountId - b.bankAccountId || (a.identity < b.identity ? -1 : a.identity > b.identity ? 1 : 0),
  );
  let inserted = 0;
  for (let start = 0; start < entries.length; start += INSERT_CHUNK) {
    const chunk = entries.slice(start, start + INSERT_CHUNK);
    const column = <K extends keyof NewBankEntry>(key: K) => chunk.map((entry) => entry[key]);
    const rows = await executeRows<{ id: number }>(
      db,
      sql`insert into bank_entries (organisation_id, bank_account_id, identity, booking_date, value_date, amount,
            currency, counterparty_name, counterparty_iban, remittance_information, reference, reference_type,
            bank_reference, is_reversal, charges, source)
          select ${organisationId}, * from unnest(
            ${arrayLiteral(column('bankAccountId'))}::int[], ${textArray(column('identity'))},
            ${textArray(column('bookingDate'))}::date[], ${textArray(column('valueDate'))}::date[],
            ${arrayLiteral(column('amount'))}::bigint[], ${textArray(column('currency'))},
            ${textArray(column('counterpartyName'))}, ${textArray(column('counterpartyIban'))},
            ${textArray(column('remittanceInformation'))}, ${textArray(column('reference'))},
            ${textArray(column('referenceType'))}, ${textArray(column('bankReference'))},
            ${arrayLiteral(column('isReversal'))}::boolean[], ${arrayLiteral(column('charges'))}::bigint[],
            ${textArray(column('source'))})
          on conflict (bank_account_id, identity) do nothing
          returning id`,
    );
    inserted += rows.length;
  }
  return inserted;
}

/**
 * Records the booking periods of imported statements (docs/bank-statements.md "Coverage"); a period
 * an account has already is kept once. Sorted like the entries, so concurrent imports never deadlock.
 */
export async function insertStatementPeriods(
  db: AppDatabase,
  organisationId: number,
  periods: { bankAccountId: number; from: string; to: string }[],
): Promise<void> {
  if (periods.length === 0) return;
  const sorted = [...periods].sort(
    (a, b) => a.bankAccountId - b.bankAccountId || a.from.localeCompare(b.from) || a.to.localeCompare(b.to),
  );
  await db
    .insert(bankStatementPeriods)
    .values(
      sorted.map(({ bankAccountId, from, to }) => ({ organisationId, bankAccountId, fromDate: from, toDate: to })),
    )
    .onConflictDoNothing();
}

/**
 * Sets an account's balance and "Stand per" when `date` is newer than its balance date (or that is
 * unknown); decided in
 * the statement itself, so a concurrent newer import is never overwritten. True when it changed.
 */
export async function updateBalanceIfNewer(
  db: AppDatabase,
  organisationId: number,
  bankAccountId: number,
  balance: { amount: number; date: string },
): Promise<boolean> {
  const rows = await db
    .update(bankAccounts)
    .set({ amount: balance.amount, balanceDate: balance.date })
    .where(
      and(
        eq(bankAccounts.id, bankAccountId),
        eq(bankAccounts.organisationId, organisationId),
        // An unknown "Stand per" takes any statement's balance (docs/bank-statements.md "Balances").
        or(isNull(bankAccounts.balanceDate), lt(bankAccounts.balanceDate, balance.date)),
      ),
    )
    .returning({ id: bankAccounts.id });
  return rows.length === 1;
}

const entryColumns = {
  id: bankEntries.id,
  bookingDate: bankEntries.bookingDate,
  valueDate: bankEntries.valueDate,
  amount: bankEntries.amount,
  currency: bankEntries.currency,
  counterpartyName: bankEntries.counterpartyName,
  counterpartyIban: bankEntries.counterpartyIban,
  remittanceInformation: bankEntries.remittanceInformation,
  reference: bankEntries.reference,
  referenceType: bankEntries.referenceType,
  bankReference: bankEntries.bankReference,
  isReversal: bankEntries.isReversal,
  charges: bankEntries.charges,
  source: bankEntries.source,
  categoryId: bankEntries.categoryId,
  categoryName: categories.name,
  bankAccountId: bankEntries.bankAccountId,
  // Its place in the plan (docs/plan-actual.md): "nicht geplant", or the occurrences it is matched to
  // (several for a salary run), as they were when matched, by due date.
  unplanned: bankEntries.unplanned,
  // Spelled out with an alias: drizzle may leave a column unqualified, which the subquery would read as its own.
  matches: sql<EntryMatchJson[]>`(select coalesce(json_agg(json_build_object(
      'kind', "m"."kind", 'id', "m"."item_id", 'dueDate', "m"."due_date",
      'name', "m"."name", 'category', "m"."category_name", 'amount', "m"."planned_amount")
    order by "m"."due_date", "m"."kind", "m"."item_id"), '[]'::json)
    from "bank_entry_matches" "m" where "m"."bank_entry_id" = "bank_entries"."id")`,
};

/** One occurrence an entry is matched to, as the entry's row carries it. */
export interface EntryMatchJson {
  kind: string;
  id: number;
  dueDate: string;
  name: string;
  category: string;
  amount: number;
}

export type BankEntryRow = Awaited<ReturnType<typeof findEntry>> & object;

function entryFilter(organisationId: number, bankAccountId: number, query: BankEntryListQuery): SQL | undefined {
  const pattern = query.search ? containsPattern(query.search) : undefined;
  return and(
    eq(bankEntries.organisationId, organisationId),
    eq(bankEntries.bankAccountId, bankAccountId),
    query.from ? gte(bankEntries.bookingDate, query.from) : undefined,
    query.to ? lte(bankEntries.bookingDate, query.to) : undefined,
    query.direction === 'credit' ? sql`${bankEntries.amount} > 0` : undefined,
    query.direction === 'debit' ? sql`${bankEntries.amount} < 0` : undefined,
    pattern
      ? or(
          ilike(bankEntries.remittanceInformation, pattern),
          ilike(bankEntries.counterpartyName, pattern),
          ilike(bankEntries.reference, pattern),
          ilike(bankEntries.bankReference, pattern),
        )
      : undefined,
  );
}

/** One page of an account's entries (booking date, then the order of the import) and the number the filters find. */
export async function listEntries(
  db: AppDatabase,
  organisationId: number,
  bankAccountId: number,
  query: BankEntryListQuery,
) {
  const where = entryFilter(organisationId, bankAccountId, query);
  const select = db
    .select({ ...entryColumns, totalCount: totalCountColumn() })
    .from(bankEntries)
    .leftJoin(categories, eq(categories.id, bankEntries.categoryId))
    .where(where)
    .$dynamic();
  const rows = await applyListQuery(select, query, { bookingDate: sql`${bankEntries.bookingDate}` }, [bankEntries.id]);
  return pageWithTotal(rows, query, () => db.$count(bankEntries, where));
}

/** An entry of the organisation, of the given account when one is named. */
export async function findEntry(db: AppDatabase, organisationId: number, bankAccountId: number | null, id: number) {
  const [row] = await db
    .select(entryColumns)
    .from(bankEntries)
    .leftJoin(categories, eq(categories.id, bankEntries.categoryId))
    .where(
      and(
        eq(bankEntries.id, id),
        bankAccountId === null ? undefined : eq(bankEntries.bankAccountId, bankAccountId),
        eq(bankEntries.organisationId, organisationId),
      ),
    );
  return row;
}

/** Sets an entry's category; false when the organisation's account has no such entry. */
export async function setEntryCategory(
  db: AppDatabase,
  organisationId: number,
  bankAccountId: number,
  id: number,
  categoryId: number | null,
): Promise<boolean> {
  const rows = await db
    .update(bankEntries)
    .set({ categoryId })
    .where(
      and(
        eq(bankEntries.id, id),
        eq(bankEntries.bankAccountId, bankAccountId),
        eq(bankEntries.organisationId, organisationId),
      ),
    )
    .returning({ id: bankEntries.id });
  return rows.length === 1;
}
