import { and, eq, ilike, inArray, ne } from 'drizzle-orm';
import type { SalaryCostLabelListQuery } from '@saldopilot/shared';
import type { AppDatabase } from '../../db/client.js';
import { salaryCostLabels } from '../../db/schema/index.js';
import { germanOrder } from '../../lib/german-order.js';
import { applyListQuery, containsPattern, pageWithTotal, totalCountColumn } from '../../lib/list-query.js';

const l = salaryCostLabels;

/** One page of the organisation's labels by name (German order), searched. */
export async function listLabels(db: AppDatabase, organisationId: number, query: SalaryCostLabelListQuery) {
  const where = and(
    eq(l.organisationId, organisationId),
    query.search ? ilike(l.name, containsPattern(query.search)) : undefined,
  );
  const rows = await applyListQuery(
    db.select({ id: l.id, name: l.name, totalCount: totalCountColumn() }).from(l).where(where).$dynamic(),
    query,
    { name: germanOrder(l.name) },
    [l.id],
  );
  return pageWithTotal(rows, query, () => db.$count(l, where));
}

/** One label of the organisation (share-locked until the transaction ends), or undefined. */
export async function findLabel(db: AppDatabase, organisationId: number, id: number) {
  const [row] = await db
    .select({ id: l.id, name: l.name })
    .from(l)
    .where(and(eq(l.id, id), eq(l.organisationId, organisationId)))
    .for('share');
  return row;
}

/** Whether another label of the organisation has this name. */
export async function labelNameTaken(db: AppDatabase, organisationId: number, name: string, except?: number) {
  const rows = await db
    .select({ id: l.id })
    .from(l)
    .where(
      and(eq(l.organisationId, organisationId), eq(l.name, name), except === undefined ? undefined : ne(l.id, except)),
    );
  return rows.length > 0;
}

export async function insertLabel(db: AppDatabase, organisationId: number, name: string): Promise<number> {
  const [row] = await db.insert(l).values({ organisationId, name }).returning({ id: l.id });
  if (!row) throw new Error('label insert returned nothing');
  return row.id;
}

export async function renameLabel(db: AppDatabase, organisationId: number, id: number, name: string): Promise<void> {
  await db
    .update(l)
    .set({ name })
    .where(and(eq(l.id, id), eq(l.organisationId, organisationId)));
}

/** Deletes a label; its costs keep no label (foreign key). */
export async function deleteLabel(db: AppDatabase, organisationId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(l)
    .where(and(eq(l.id, id), eq(l.organisationId, organisationId)))
    .returning({ id: l.id });
  return rows.length === 1;
}

/** The ids of the labels with these names, created when missing (name → id). */
export async function ensureLabels(
  db: AppDatabase,
  organisationId: number,
  names: string[],
): Promise<Map<string, number>> {
  if (names.length === 0) return new Map();
  await db
    .insert(l)
    .values(names.map((name) => ({ organisationId, name })))
    .onConflictDoNothing();
  const rows = await db
    .select({ id: l.id, name: l.name })
    .from(l)
    .where(and(eq(l.organisationId, organisationId), inArray(l.name, names)));
  return new Map(rows.map((row) => [row.name, row.id]));
}
