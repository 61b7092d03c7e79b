import { and, asc, count, eq, isNull, ne, or, type SQL } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client.js';
import { transactions, vatRates } from '../../db/schema/index.js';

/** The rates an organisation sees: the system ones and its own. */
function visibleTo(organisationId: number): SQL {
  return or(isNull(vatRates.organisationId), eq(vatRates.organisationId, organisationId))!;
}

const vatColumns = { id: vatRates.id, value: vatRates.value, organisationId: vatRates.organisationId };

export type VatRow = { id: number; value: number; organisationId: number | null };

/** Every visible rate by value (a handful per organisation: no paging). */
export function listVisibleVatRates(db: AppDatabase, organisationId: number): Promise<VatRow[]> {
  return db
    .select(vatColumns)
    .from(vatRates)
    .where(visibleTo(organisationId))
    .orderBy(asc(vatRates.value), asc(vatRates.id));
}

/**
 * A rate the organisation sees, or undefined. `share` keeps it from being deleted until the
 * transaction ends (while a transaction is pointed at it).
 */
export async function findVisibleVatRate(
  db: AppDatabase,
  organisationId: number,
  id: number,
  lock?: 'share',
): Promise<VatRow | undefined> {
  const select = db
    .select(vatColumns)
    .from(vatRates)
    .where(and(eq(vatRates.id, id), visibleTo(organisationId)));
  const [row] = lock ? await select.for(lock) : await select;
  return row;
}

/** A visible rate with this value (optionally other than `exceptId`). */
export async function findVatRateWithValue(db: AppDatabase, organisationId: number, value: number, exceptId?: number) {
  const [row] = await db
    .select({ id: vatRates.id })
    .from(vatRates)
    .where(
      and(
        visibleTo(organisationId),
        eq(vatRates.value, value),
        exceptId === undefined ? undefined : ne(vatRates.id, exceptId),
      ),
    )
    .limit(1);
  return row;
}

export async function insertVatRate(db: AppDatabase, organisationId: number, value: number): Promise<number> {
  const [row] = await db.insert(vatRates).values({ organisationId, value }).returning({ id: vatRates.id });
  if (!row) throw new Error('VAT rate insert returned nothing');
  return row.id;
}

/** Changes an own rate (system rates have no organisation and are never matched). */
export async function updateVatRate(db: AppDatabase, organisationId: number, id: number, value: number) {
  await db
    .update(vatRates)
    .set({ value })
    .where(and(eq(vatRates.id, id), eq(vatRates.organisationId, organisationId)));
}

/** Deletes an own rate; the foreign key sets the rate of transactions using it to null. */
export async function deleteVatRate(db: AppDatabase, organisationId: number, id: number): Promise<void> {
  await db.delete(vatRates).where(and(eq(vatRates.id, id), eq(vatRates.organisationId, organisationId)));
}

/** How many of the organisation's transactions use the rate. */
export async function countTransactionsWithVatRate(db: AppDatabase, organisationId: number, id: number) {
  const [row] = await db
    .select({ value: count() })
    .from(transactions)
    .where(and(eq(transactions.organisationId, organisationId), eq(transactions.vatRateId, id)));
  return row?.value ?? 0;
}
