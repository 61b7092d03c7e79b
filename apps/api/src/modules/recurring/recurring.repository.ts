import { and, desc, eq, gte, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client.js';
import { bankEntries, bankEntryMatches, categories, recurringDismissals, transactions } from '../../db/schema/index.js';

/**
 * The SQL of recurring suggestions (docs/recurring.md "Implementation"): the entries the detector
 * reads, what earlier entries and plans say about a counterparty's category, and the dismissals.
 * Every query names the organisation.
 */

const entryMatched = sql<boolean>`exists (select 1 from "bank_entry_matches" "m" where "m"."bank_entry_id" = "bank_entries"."id")`;

/** The open entries (neither matched nor "nicht geplant") booked from `from`, of one account when named. */
export function openEntriesFrom(db: AppDatabase, organisationId: number, from: string, bankAccountId?: number) {
  return db
    .select({
      id: bankEntries.id,
      bankAccountId: bankEntries.bankAccountId,
      bookingDate: bankEntries.bookingDate,
      amount: bankEntries.amount,
      currency: bankEntries.currency,
      counterpartyName: bankEntries.counterpartyName,
      counterpartyIban: bankEntries.counterpartyIban,
      remittanceInformation: bankEntries.remittanceInformation,
    })
    .from(bankEntries)
    .where(
      and(
        eq(bankEntries.organisationId, organisationId),
        gte(bankEntries.bookingDate, from),
        bankAccountId === undefined ? undefined : eq(bankEntries.bankAccountId, bankAccountId),
        sql`not ${entryMatched}`,
        eq(bankEntries.unplanned, false),
      ),
    );
}

/**
 * What the organisation said about counterparties before: entries it gave a category, and entries it
 * matched to a transaction (the transaction's category and VAT rate), the latest first.
 */
export async function categoryHintsOf(db: AppDatabase, organisationId: number) {
  const [categorised, matched] = await Promise.all([
    db
      .select({
        iban: bankEntries.counterpartyIban,
        name: bankEntries.counterpartyName,
        categoryId: bankEntries.categoryId,
        vatId: sql<number | null>`null`,
      })
      .from(bankEntries)
      .where(and(eq(bankEntries.organisationId, organisationId), isNotNull(bankEntries.categoryId)))
      .orderBy(desc(bankEntries.bookingDate))
      .limit(5000),
    db
      .select({
        iban: bankEntries.counterpartyIban,
        name: bankEntries.counterpartyName,
        categoryId: transactions.categoryId,
        vatId: transactions.vatRateId,
      })
      .from(bankEntryMatches)
      .innerJoin(bankEntries, eq(bankEntries.id, bankEntryMatches.bankEntryId))
      .innerJoin(
        transactions,
        and(eq(transactions.id, bankEntryMatches.itemId), eq(transactions.organisationId, organisationId)),
      )
      .where(and(eq(bankEntryMatches.organisationId, organisationId), eq(bankEntryMatches.kind, 'transactions')))
      .orderBy(desc(bankEntries.bookingDate))
      .limit(5000),
  ]);
  return [...matched, ...categorised];
}

/** The categories the organisation may use (its own and the system's), by id. */
export function categoriesOf(db: AppDatabase, organisationId: number) {
  return db
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .where(or(eq(categories.organisationId, organisationId), isNull(categories.organisationId)));
}

/** The dismissed series as `key#fingerprint`. */
export async function dismissalsOf(db: AppDatabase, organisationId: number): Promise<Set<string>> {
  const rows = await db
    .select({ key: recurringDismissals.seriesKey, fingerprint: recurringDismissals.fingerprint })
    .from(recurringDismissals)
    .where(eq(recurringDismissals.organisationId, organisationId));
  return new Set(rows.map((row) => `${row.key}#${row.fingerprint}`));
}

export async function insertDismissals(
  db: AppDatabase,
  organisationId: number,
  items: readonly { key: string; fingerprint: string }[],
): Promise<void> {
  await db
    .insert(recurringDismissals)
    .values(items.map((item) => ({ organisationId, seriesKey: item.key, fingerprint: item.fingerprint })))
    .onConflictDoNothing();
}

/** The entries matched to transactions' occurrences, booked from `from`: due date against booking date. */
export function matchedTransactionPayments(db: AppDatabase, organisationId: number, from: string) {
  return db
    .select({
      transactionId: bankEntryMatches.itemId,
      name: transactions.name,
      applied: transactions.applyLearnedDelay,
      dueDate: bankEntryMatches.dueDate,
      bookingDate: bankEntries.bookingDate,
      counterpartyName: bankEntries.counterpartyName,
      counterpartyIban: bankEntries.counterpartyIban,
    })
    .from(bankEntryMatches)
    .innerJoin(bankEntries, eq(bankEntries.id, bankEntryMatches.bankEntryId))
    .innerJoin(
      transactions,
      and(eq(transactions.id, bankEntryMatches.itemId), eq(transactions.organisationId, organisationId)),
    )
    .where(
      and(
        eq(bankEntryMatches.organisationId, organisationId),
        eq(bankEntryMatches.kind, 'transactions'),
        gte(bankEntries.bookingDate, from),
      ),
    );
}
