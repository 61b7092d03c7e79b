import { eq, inArray, sql } from 'drizzle-orm';
import type { PortfolioRow } from '@saldopilot/shared';
import type { AppDatabase } from '../../db/client.js';
import { organisations, portfolioRows } from '../../db/schema/index.js';

/** The stored rows of `organisationIds` with their data keys (docs/cockpit.md "Stored rows"). */
export async function storedRows(
  db: AppDatabase,
  organisationIds: readonly number[],
): Promise<Map<number, { dataKey: string; row: PortfolioRow }>> {
  if (organisationIds.length === 0) return new Map();
  const rows = await db
    .select({ organisationId: portfolioRows.organisationId, dataKey: portfolioRows.dataKey, row: portfolioRows.row })
    .from(portfolioRows)
    .where(inArray(portfolioRows.organisationId, [...organisationIds]));
  return new Map(rows.map(({ organisationId, dataKey, row }) => [organisationId, { dataKey, row }]));
}

/**
 * Stores the organisation's row under `dataKey`. Of two instances computing it side by side the
 * later write wins; a row stored under an older key is only recomputed on the next read, never
 * taken for current (its key differs from the data's).
 */
export async function storeRow(
  db: AppDatabase,
  organisationId: number,
  dataKey: string,
  row: PortfolioRow,
  computedAt: Date,
): Promise<void> {
  await db
    .insert(portfolioRows)
    .values({ organisationId, dataKey, row, computedAt })
    .onConflictDoUpdate({
      target: portfolioRows.organisationId,
      set: { dataKey: sql`excluded.data_key`, row: sql`excluded.row`, computedAt: sql`excluded.computed_at` },
    });
}

/** The organisation's currency, or undefined once it is deleted (a row computed after a write has no member at hand). */
export async function currencyOf(db: AppDatabase, organisationId: number): Promise<number | undefined> {
  const [found] = await db
    .select({ currencyId: organisations.currencyId })
    .from(organisations)
    .where(eq(organisations.id, organisationId));
  return found?.currencyId;
}

/** Every organisation with a stored row (the daily run brings them to the new day). */
export async function organisationsWithRows(db: AppDatabase): Promise<number[]> {
  const rows = await db.select({ id: portfolioRows.organisationId }).from(portfolioRows);
  return rows.map((row) => row.id);
}
