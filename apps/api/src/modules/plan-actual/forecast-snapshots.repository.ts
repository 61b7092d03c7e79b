import { and, asc, eq, gte, lt } from 'drizzle-orm';
import type { SnapshotData } from '@saldopilot/shared';
import type { AppDatabase } from '../../db/client.js';
import { forecastSnapshots, organisations } from '../../db/schema/index.js';

/** The kept snapshots of the organisation from `fromMonth` on, oldest first. */
export function snapshotsFrom(db: AppDatabase, organisationId: number, fromMonth: string) {
  return db
    .select({ month: forecastSnapshots.month, data: forecastSnapshots.data })
    .from(forecastSnapshots)
    .where(and(eq(forecastSnapshots.organisationId, organisationId), gte(forecastSnapshots.month, fromMonth)))
    .orderBy(asc(forecastSnapshots.month));
}

export async function hasSnapshot(db: AppDatabase, organisationId: number, month: string): Promise<boolean> {
  const rows = await db
    .select({ month: forecastSnapshots.month })
    .from(forecastSnapshots)
    .where(and(eq(forecastSnapshots.organisationId, organisationId), eq(forecastSnapshots.month, month)));
  return rows.length > 0;
}

/**
 * Keeps the snapshot unless the month has one already (another instance, a lazy read, a replace
 * asked for); answers whether this one was stored.
 */
export async function insertSnapshot(
  db: AppDatabase,
  organisationId: number,
  month: string,
  data: SnapshotData,
  replace = false,
): Promise<boolean> {
  const insert = db.insert(forecastSnapshots).values({ organisationId, month, data });
  const rows = await (
    replace
      ? insert.onConflictDoUpdate({
          target: [forecastSnapshots.organisationId, forecastSnapshots.month],
          set: { data },
        })
      : insert.onConflictDoNothing()
  ).returning({ month: forecastSnapshots.month });
  return rows.length > 0;
}

/** Removes every snapshot taken before `beforeMonth` (all organisations). */
export async function deleteSnapshotsBefore(db: AppDatabase, beforeMonth: string): Promise<void> {
  await db.delete(forecastSnapshots).where(lt(forecastSnapshots.month, beforeMonth));
}

/** Every organisation with its currency: the monthly job takes a snapshot of each. */
export function organisationsForSnapshots(db: AppDatabase) {
  return db
    .select({ id: organisations.id, currencyId: organisations.currencyId })
    .from(organisations)
    .orderBy(asc(organisations.id));
}
