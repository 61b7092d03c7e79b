import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { PortfolioRow } from '@saldopilot/shared';
import type { AppDatabase } from '../../db/client.js';
import { memberships, organisations, portfolioRefreshClaims, portfolioRows } from '../../db/schema/index.js';

/** How long a background computation of one row is claimed (far longer than one takes). */
const CLAIM_SECONDS = 60;

/** A stored row's digest: equal digests, equal rows (whichever instance or hand stored it). */
const rowDigest = sql<string>`md5(${portfolioRows.row}::text)`;

/**
 * The user's organisations (every membership) with the keys and digests of their stored rows, in
 * one query: the Übersicht's read (docs/cockpit.md "Stored rows"). `dataKey` and `digest` are null
 * for a row never computed. The rows themselves are read with `storedRows` only where the instance
 * does not hold that digest's row already (docs/cockpit.md "Speed"): a fiduciary's hundreds of rows
 * are most of a read's bytes.
 */
export function membershipsWithKeys(db: AppDatabase, userId: number) {
  return db
    .select({
      organisationId: organisations.id,
      name: organisations.name,
      currencyId: organisations.currencyId,
      role: memberships.role,
      dataKey: portfolioRows.dataKey,
      digest: rowDigest,
    })
    .from(memberships)
    .innerJoin(organisations, eq(organisations.id, memberships.organisationId))
    .leftJoin(portfolioRows, eq(portfolioRows.organisationId, memberships.organisationId))
    .where(eq(memberships.userId, userId));
}

/**
 * Claims the background computation of the organisation's row for CLAIM_SECONDS (the database's
 * clock, the same for every instance); answers the claim's token, or null while another instance
 * holds an unexpired claim (docs/cockpit.md "Stored rows": two instances never compute it side by side).
 */
export async function claimRefresh(db: AppDatabase, organisationId: number): Promise<string | null> {
  const claim = randomUUID();
  const claimed = await db
    .insert(portfolioRefreshClaims)
    .values({ organisationId, claim, claimedUntil: sql`now() + make_interval(secs => ${CLAIM_SECONDS})` })
    .onConflictDoUpdate({
      target: portfolioRefreshClaims.organisationId,
      set: { claim: sql`excluded.claim`, claimedUntil: sql`excluded.claimed_until` },
      setWhere: sql`${portfolioRefreshClaims.claimedUntil} < now()`,
    })
    .returning({ claim: portfolioRefreshClaims.claim });
  return claimed[0]?.claim === claim ? claim : null;
}

/** Ends the claim `claim` (not a later one of another instance that took over an expired claim). */
export async function releaseRefresh(db: AppDatabase, organisationId: number, claim: string): Promise<void> {
  await db
    .delete(portfolioRefreshClaims)
    .where(and(eq(portfolioRefreshClaims.organisationId, organisationId), eq(portfolioRefreshClaims.claim, claim)));
}

/** A stored row with its data key and digest. */
export interface StoredRow {
  dataKey: string;
  digest: string;
  row: PortfolioRow;
}

/** The stored rows of `organisationIds` with their data keys (docs/cockpit.md "Stored rows"). */
export async function storedRows(db: AppDatabase, organisationIds: readonly number[]): Promise<Map<number, StoredRow>> {
  if (organisationIds.length === 0) return new Map();
  const rows = await db
    .select({
      organisationId: portfolioRows.organisationId,
      dataKey: portfolioRows.dataKey,
      digest: rowDigest,
      row: portfolioRows.row,
    })
    .from(portfolioRows)
    .where(inArray(portfolioRows.organisationId, [...organisationIds]));
  return new Map(rows.map(({ organisationId, ...stored }) => [organisationId, stored]));
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
