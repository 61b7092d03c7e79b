import { and, asc, eq, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { PageQuery } from '@saldopilot/shared';
import type { AppDatabase } from '../../db/client.js';
import { categories, transactions } from '../../db/schema/index.js';
import { germanOrder } from '../../lib/german-order.js';
import { pageWithTotal, totalCountColumn } from '../../lib/list-query.js';

/** The categories an organisation sees: the system ones and its own. */
function visibleTo(organisationId: number): SQL {
  return or(isNull(categories.organisationId), eq(categories.organisationId, organisationId))!;
}

/**
 * True when a transaction of the organisation uses the category (an index lookup per row). The
 * outer column is spelled out: drizzle leaves columns unqualified in a one-table select, and an
 * unqualified "id" inside the subquery would be the transaction's.
 */
function inUseBy(organisationId: number) {
  return sql<boolean>`exists (select 1 from ${transactions} as used where used.category_id = ${categories}.id and used.organisation_id = ${organisationId})`;
}

function categoryColumns(organisationId: number) {
  return {
    id: categories.id,
    name: categories.name,
    organisationId: categories.organisationId,
    inUse: inUseBy(organisationId),
  };
}

export type CategoryRow = NonNullable<Awaited<ReturnType<typeof findVisibleCategory>>>;

/** One page of the visible categories in German name order, with the total of the whole list. */
export async function listVisibleCategories(db: AppDatabase, organisationId: number, query: PageQuery) {
  const rows = await db
    .select({ ...categoryColumns(organisationId), totalCount: totalCountColumn() })
    .from(categories)
    .where(visibleTo(organisationId))
    .orderBy(germanOrder(categories.name), asc(categories.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  return pageWithTotal(rows, query, () => db.$count(categories, visibleTo(organisationId)));
}

/**
 * A category the organisation sees, or undefined. `lock` holds the row until the transaction ends:
 * "update" before deleting it, "share" while a transaction is pointed at it (so it cannot vanish
 * between the check and the write).
 */
export async function findVisibleCategory(
  db: AppDatabase,
  organisationId: number,
  id: number,
  lock?: 'update' | 'share',
) {
  const select = db
    .select(categoryColumns(organisationId))
    .from(categories)
    .where(and(eq(categories.id, id), visibleTo(organisationId)));
  const [row] = lock ? await select.for(lock) : await select;
  return row;
}

/** A visible category with this name, ignoring case (optionally other than `exceptId`). */
export async function findCategoryNamed(db: AppDatabase, organisationId: number, name: string, exceptId?: number) {
  const [row] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(
      and(
        visibleTo(organisationId),
        sql`lower(${categories.name}) = lower(${name})`,
        exceptId === undefined ? undefined : ne(categories.id, exceptId),
      ),
    )
    .limit(1);
  return row;
}

export async function insertCategory(db: AppDatabase, organisationId: number, name: string): Promise<number> {
  const [row] = await db.insert(categories).values({ organisationId, name }).returning({ id: categories.id });
  if (!row) throw new Error('category insert returned nothing');
  return row.id;
}

/** Renames an own category (system ones have no organisation and are never matched). */
export async function renameCategory(db: AppDatabase, organisationId: number, id: number, name: string) {
  await db
    .update(categories)
    .set({ name })
    .where(and(eq(categories.id, id), eq(categories.organisationId, organisationId)));
}

/** Deletes an own category. */
export async function deleteCategory(db: AppDatabase, organisationId: number, id: number): Promise<void> {
  await db.delete(categories).where(and(eq(categories.id, id), eq(categories.organisationId, organisationId)));
}

/**
 * True when any transaction points at the category. Not filtered by organisation on purpose: the
 * foreign key refuses the delete whoever's transaction it is (only the owner's can point at an own
 * category, as transactions check that their category is visible).
 */
export async function isCategoryReferenced(db: AppDatabase, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: transactions.id })
    .from(transactions)
    .where(eq(transactions.categoryId, id))
    .limit(1);
  return row !== undefined;
}

/** Moves the organisation's transactions from one category to another; answers how many moved. */
export async function moveTransactions(
  db: AppDatabase,
  organisationId: number,
  fromId: number,
  toId: number,
): Promise<number> {
  const moved = await db
    .update(transactions)
    .set({ categoryId: toId })
    .where(and(eq(transactions.organisationId, organisationId), eq(transactions.categoryId, fromId)))
    .returning({ id: transactions.id });
  return moved.length;
}
