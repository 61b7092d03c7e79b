import { and, asc, eq, gte, inArray, lte, not, sql } from 'drizzle-orm';
import type { OccurrenceKey } from '@saldopilot/shared';
import { isAnyOf } from '../../db/arrays.js';
import type { AppDatabase } from '../../db/client.js';
import {
  bankAccounts,
  bankEntries,
  bankEntryMatches,
  categories,
  occurrenceDismissals,
  organisations,
  transactions,
} from '../../db/schema/index.js';

/**
 * The SQL of plan vs actual (docs/plan-actual.md): the entries as matching reads them, the matches
 * and the dismissals, and what the Plan/Ist table sums. Every query names the organisation.
 */

// The class of the advisory lock that serialises match decisions per organisation (pg_advisory_xact_lock(class, id)).
const MATCH_LOCK_CLASS = 0x9a7c;

/** Held until the transaction ends: one match decision per organisation at a time ("an occurrence once"). */
export async function lockPlanMatches(db: AppDatabase, organisationId: number): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(${MATCH_LOCK_CLASS}::int, ${organisationId}::int)`);
}

/** The organisation's tolerance and window for suggestions. */
export async function matchSettingsOf(db: AppDatabase, organisationId: number) {
  const [row] = await db
    .select({ tolerancePercent: organisations.matchTolerancePercent, windowDays: organisations.matchWindowDays })
    .from(organisations)
    .where(eq(organisations.id, organisationId));
  return row ?? { tolerancePercent: 5, windowDays: 10 };
}

/** The entry is matched to one occurrence or more. */
// Spelled out: drizzle leaves a column of a one-table query unqualified, which the subquery would read as its own.
const entryMatched = sql<boolean>`exists (select 1 from "bank_entry_matches" "m" where "m"."bank_entry_id" = "bank_entries"."id")`;

const entryForMatchColumns = {
  id: bankEntries.id,
  bankAccountId: bankEntries.bankAccountId,
  bookingDate: bankEntries.bookingDate,
  amount: bankEntries.amount,
  currency: bankEntries.currency,
  reference: bankEntries.reference,
  counterpartyName: bankEntries.counterpartyName,
  remittanceInformation: bankEntries.remittanceInformation,
  unplanned: bankEntries.unplanned,
  matched: entryMatched,
};

export type EntryForMatch = Awaited<ReturnType<typeof entriesForMatch>>[number];

/**
 * Entries of the organisation as matching reads them: one (`entryIds`), or every open one (neither
 * matched nor "nicht geplant"), of one account when named. `forUpdate` locks the rows (a match is
 * decided on what they are).
 */
export function entriesForMatch(
  db: AppDatabase,
  organisationId: number,
  only: { entryIds?: readonly number[]; openOnly?: boolean; bankAccountId?: number; forUpdate?: boolean },
) {
  const query = db
    .select(entryForMatchColumns)
    .from(bankEntries)
    .where(
      and(
        eq(bankEntries.organisationId, organisationId),
        only.entryIds ? isAnyOf(bankEntries.id, only.entryIds) : undefined,
        only.bankAccountId === undefined ? undefined : eq(bankEntries.bankAccountId, only.bankAccountId),
        only.openOnly ? and(not(entryMatched), eq(bankEntries.unplanned, false)) : undefined,
      ),
    )
    .orderBy(asc(bankEntries.bookingDate), asc(bankEntries.id));
  return only.forUpdate ? query.for('update', { of: bankEntries }) : query;
}

export type MatchRow = Awaited<ReturnType<typeof matchesOf>>[number];

/**
 * Match rows with their entry's amount and the category they count under (a transaction's current
 * one, else the one matched), of the entries booked from `bookedFrom`, of the entries `entryIds`, or
 * of the entries matched to any occurrence due in [dueFrom, dueTo]: always every match of each entry
 * (its shares are computed from all of them: entry-shares.ts).
 */
export function matchesOf(
  db: AppDatabase,
  organisationId: number,
  only: { bookedFrom?: string; entryIds?: readonly number[]; dueFrom?: string; dueTo?: string } = {},
) {
  const dueInRange = db
    .select({ entryId: bankEntryMatches.bankEntryId })
    .from(bankEntryMatches)
    .where(
      and(
        eq(bankEntryMatches.organisationId, organisationId),
        only.dueFrom === undefined ? undefined : gte(bankEntryMatches.dueDate, only.dueFrom),
        only.dueTo === undefined ? undefined : lte(bankEntryMatches.dueDate, only.dueTo),
      ),
    );
  return db
    .select({
      kind: bankEntryMatches.kind,
      id: bankEntryMatches.itemId,
      dueDate: bankEntryMatches.dueDate,
      entryId: bankEntryMatches.bankEntryId,
      name: bankEntryMatches.name,
      plannedAmount: bankEntryMatches.plannedAmount,
      category: sql<string>`coalesce(${categories.name}, ${bankEntryMatches.categoryName})`,
      amount: bankEntries.amount,
      currency: bankEntries.currency,
      bookingDate: bankEntries.bookingDate,
    })
    .from(bankEntryMatches)
    .innerJoin(bankEntries, eq(bankEntries.id, bankEntryMatches.bankEntryId))
    .leftJoin(
      transactions,
      and(
        eq(bankEntryMatches.kind, 'transactions'),
        eq(transactions.id, bankEntryMatches.itemId),
        eq(transactions.organisationId, organisationId),
      ),
    )
    .leftJoin(categories, eq(categories.id, transactions.categoryId))
    .where(
      and(
        eq(bankEntryMatches.organisationId, organisationId),
        only.bookedFrom === undefined ? undefined : gte(bankEntries.bookingDate, only.bookedFrom),
        only.entryIds === undefined ? undefined : isAnyOf(bankEntryMatches.bankEntryId, only.entryIds),
        only.dueFrom === undefined && only.dueTo === undefined
          ? undefined
          : inArray(bankEntryMatches.bankEntryId, dueInRange),
      ),
    );
}

/** The occurrences marked "entfällt" due in [from, to], or all of them without `due`. */
function selectDismissals(db: AppDatabase, organisationId: number, due?: { from: string; to: string }) {
  return db
    .select({
      dismissalId: occurrenceDismissals.id,
      kind: occurrenceDismissals.kind,
      id: occurrenceDismissals.itemId,
      dueDate: occurrenceDismissals.dueDate,
    })
    .from(occurrenceDismissals)
    .where(
      and(
        eq(occurrenceDismissals.organisationId, organisationId),
        due === undefined ? undefined : gte(occurrenceDismissals.dueDate, due.from),
        due === undefined ? undefined : lte(occurrenceDismissals.dueDate, due.to),
      ),
    );
}

/** The occurrences marked "entfällt" due in [from, to]. */
export function dismissalsBetween(db: AppDatabase, organisationId: number, from: string, to: string) {
  return selectDismissals(db, organisationId, { from, to });
}

/** Every occurrence of the organisation marked "entfällt". */
export function allDismissals(db: AppDatabase, organisationId: number) {
  return selectDismissals(db, organisationId);
}

function sameOccurrence(organisationId: number, key: OccurrenceKey) {
  return and(
    eq(bankEntryMatches.organisationId, organisationId),
    eq(bankEntryMatches.kind, key.kind),
    eq(bankEntryMatches.itemId, key.id),
    eq(bankEntryMatches.dueDate, key.dueDate),
  );
}

/** How many entries are matched to the occurrence. */
export async function matchCountOf(db: AppDatabase, organisationId: number, key: OccurrenceKey): Promise<number> {
  return db.$count(bankEntryMatches, sameOccurrence(organisationId, key));
}

export interface NewMatch extends OccurrenceKey {
  name: string;
  categoryName: string;
  plannedAmount: number;
}

/**
 * Links the entry to the occurrences (one row each, in one statement); false when a row was there
 * already (the unique entry and occurrence), and then nothing is linked. Clears "nicht geplant".
 */
export async function insertMatches(
  db: AppDatabase,
  organisationId: number,
  entryId: number,
  matches: readonly NewMatch[],
): Promise<boolean> {
  const rows = await db
    .insert(bankEntryMatches)
    .values(
      matches.map((match) => ({
        organisationId,
        bankEntryId: entryId,
        kind: match.kind,
        itemId: match.id,
        dueDate: match.dueDate,
        name: match.name.slice(0, 255),
        categoryName: match.categoryName.slice(0, 255),
        plannedAmount: match.plannedAmount,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: bankEntryMatches.id });
  if (rows.length < matches.length) {
    // Raced by a write the locks do not cover: none of the run is kept.
    if (rows.length > 0)
      await db.delete(bankEntryMatches).where(
        isAnyOf(
          bankEntryMatches.id,
          rows.map((row) => row.id),
        ),
      );
    return false;
  }
  await db
    .update(bankEntries)
    .set({ unplanned: false })
    .where(and(eq(bankEntries.id, entryId), eq(bankEntries.organisationId, organisationId)));
  return true;
}

/** Unlinks the entry and lifts "nicht geplant"; false when it was neither. */
export async function clearEntryPlan(db: AppDatabase, organisationId: number, entryId: number): Promise<boolean> {
  const removed = await db
    .delete(bankEntryMatches)
    .where(and(eq(bankEntryMatches.bankEntryId, entryId), eq(bankEntryMatches.organisationId, organisationId)))
    .returning({ id: bankEntryMatches.id });
  const unplanned = await db
    .update(bankEntries)
    .set({ unplanned: false })
    .where(
      and(eq(bankEntries.id, entryId), eq(bankEntries.organisationId, organisationId), eq(bankEntries.unplanned, true)),
    )
    .returning({ id: bankEntries.id });
  return removed.length + unplanned.length > 0;
}

/** Marks the entry "nicht geplant" with its category. */
export async function markUnplanned(
  db: AppDatabase,
  organisationId: number,
  entryId: number,
  categoryId: number,
): Promise<void> {
  await db
    .update(bankEntries)
    .set({ unplanned: true, categoryId })
    .where(and(eq(bankEntries.id, entryId), eq(bankEntries.organisationId, organisationId)));
}

/** Marks an occurrence "entfällt"; undefined when it is marked already. */
export async function insertDismissal(db: AppDatabase, organisationId: number, key: OccurrenceKey) {
  const [row] = await db
    .insert(occurrenceDismissals)
    .values({ organisationId, kind: key.kind, itemId: key.id, dueDate: key.dueDate })
    .onConflictDoNothing()
    .returning({ dismissalId: occurrenceDismissals.id });
  return row;
}

/** Takes the mark back; false when the organisation has no such dismissal. */
export async function deleteDismissal(db: AppDatabase, organisationId: number, dismissalId: number): Promise<boolean> {
  const rows = await db
    .delete(occurrenceDismissals)
    .where(and(eq(occurrenceDismissals.id, dismissalId), eq(occurrenceDismissals.organisationId, organisationId)))
    .returning({ id: occurrenceDismissals.id });
  return rows.length === 1;
}

/** Takes the marks back (docs/plan-actual.md "Many at once"): the ids of the organisation's marks deleted. */
export async function deleteDismissals(
  db: AppDatabase,
  organisationId: number,
  dismissalIds: readonly number[],
): Promise<number[]> {
  const rows = await db
    .delete(occurrenceDismissals)
    .where(and(eq(occurrenceDismissals.organisationId, organisationId), isAnyOf(occurrenceDismissals.id, dismissalIds)))
    .returning({ id: occurrenceDismissals.id });
  return rows.map((row) => row.id);
}

/** Lifts the "entfällt" mark of the occurrence, if it has one. */
export async function deleteDismissalOf(db: AppDatabase, organisationId: number, key: OccurrenceKey): Promise<void> {
  await db
    .delete(occurrenceDismissals)
    .where(
      and(
        eq(occurrenceDismissals.organisationId, organisationId),
        eq(occurrenceDismissals.kind, key.kind),
        eq(occurrenceDismissals.itemId, key.id),
        eq(occurrenceDismissals.dueDate, key.dueDate),
      ),
    );
}

/**
 * How many entries booked from `from` are still open: neither matched to a planned occurrence nor
 * marked "nicht geplant" (docs/cockpit.md "The row").
 */
export async function countOpenEntries(db: AppDatabase, organisationId: number, from: string): Promise<number> {
  const [row] = await db
    .select({ open: sql<number>`count(*)::int` })
    .from(bankEntries)
    .where(
      and(
        eq(bankEntries.organisationId, organisationId),
        gte(bankEntries.bookingDate, from),
        eq(bankEntries.unplanned, false),
        sql`not exists (select 1 from ${bankEntryMatches} where ${bankEntryMatches.bankEntryId} = ${bankEntries.id})`,
      ),
    );
  return row?.open ?? 0;
}

/** The accounts' balances and "Stand per". */
export function accountBalancesOf(db: AppDatabase, organisationId: number) {
  return db
    .select({
      id: bankAccounts.id,
      amount: bankAccounts.amount,
      currencyId: bankAccounts.currencyId,
      balanceDate: bankAccounts.balanceDate,
    })
    .from(bankAccounts)
    .where(eq(bankAccounts.organisationId, organisationId));
}

/**
 * The entries booked from `from`, or those of `entryIds` whenever booked, each with its category
 * (the one chosen for "nicht geplant") and its account's "Stand per" (the end balances go back from
 * it). What they are matched to is read with `matchesOf`.
 */
function selectEntries(db: AppDatabase, organisationId: number, only: { from?: string; entryIds?: readonly number[] }) {
  const { from, entryIds } = only;
  return db
    .select({
      entryId: bankEntries.id,
      bankAccountId: bankEntries.bankAccountId,
      bookingDate: bankEntries.bookingDate,
      amount: bankEntries.amount,
      currency: bankEntries.currency,
      counterpartyName: bankEntries.counterpartyName,
      text: bankEntries.remittanceInformation,
      unplanned: bankEntries.unplanned,
      entryCategory: categories.name,
      balanceDate: bankAccounts.balanceDate,
    })
    .from(bankEntries)
    .innerJoin(bankAccounts, eq(bankAccounts.id, bankEntries.bankAccountId))
    .leftJoin(categories, eq(categories.id, bankEntries.categoryId))
    .where(
      and(
        eq(bankEntries.organisationId, organisationId),
        from === undefined ? undefined : gte(bankEntries.bookingDate, from),
        entryIds === undefined ? undefined : isAnyOf(bankEntries.id, entryIds),
      ),
    )
    .orderBy(asc(bankEntries.bookingDate), asc(bankEntries.id));
}

/** The entries booked from `from` (see `selectEntries`), in booking order. */
export function entriesFrom(db: AppDatabase, organisationId: number, from: string) {
  return selectEntries(db, organisationId, { from });
}

/** The entries `entryIds`, whenever booked (see `selectEntries`), in booking order. */
export function entriesByIds(db: AppDatabase, organisationId: number, entryIds: readonly number[]) {
  return selectEntries(db, organisationId, { entryIds });
}
