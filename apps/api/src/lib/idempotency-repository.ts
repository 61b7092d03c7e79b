import { and, eq } from 'drizzle-orm';
import type { AppDatabase } from '../db/client.js';
import { idempotencyKeys } from '../db/schema/index.js';

/**
 * Claims a key for a request; false when it was claimed before (then read it with findKey). Stamped
 * with the app clock, which also decides when keys are old (FIXED_TODAY may be far from the database's now()).
 */
export async function claimKey(
  db: AppDatabase,
  claim: { userId: number; key: string; fingerprint: string; now: Date },
) {
  const rows = await db
    .insert(idempotencyKeys)
    .values({ userId: claim.userId, key: claim.key, requestFingerprint: claim.fingerprint, createdAt: claim.now })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  return rows.length === 1;
}

export async function findKey(db: AppDatabase, userId: number, key: string) {
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
  return row;
}

export async function storeAnswer(db: AppDatabase, userId: number, key: string, statusCode: number, body: string) {
  await db
    .update(idempotencyKeys)
    .set({ statusCode, responseBody: body })
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
}

export async function releaseKey(db: AppDatabase, userId: number, key: string) {
  await db.delete(idempotencyKeys).where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
}
