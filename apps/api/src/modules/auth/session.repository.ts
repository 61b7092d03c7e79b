import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client.js';
import { memberships, organisations, refreshTokens, users } from '../../db/schema/index.js';

export interface NewRefreshToken {
  userId: number;
  familyId: string;
  tokenHash: string;
  expiresAt: Date;
  userAgent?: string;
}

export async function insertRefreshToken(db: AppDatabase, token: NewRefreshToken): Promise<void> {
  await db.insert(refreshTokens).values({ ...token, userAgent: token.userAgent?.slice(0, 300) });
}

/** Reads a token row and locks it, so two renewals with the same token cannot both rotate it. */
export async function findRefreshTokenForUpdate(db: AppDatabase, tokenHash: string) {
  const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash)).for('update');
  return row;
}

export async function findRefreshToken(db: AppDatabase, tokenHash: string) {
  const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash));
  return row;
}

export async function markRefreshTokenRotated(db: AppDatabase, id: number, at: Date): Promise<void> {
  await db.update(refreshTokens).set({ rotatedAt: at }).where(eq(refreshTokens.id, id));
}

/** Ends one sign-in: every token of the family, the current one included. */
export async function revokeFamily(db: AppDatabase, familyId: string, at: Date): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: at })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

/** Ends every sign-in of a user, except the family `keepFamilyId` when given. */
export async function revokeAllOfUser(db: AppDatabase, userId: number, at: Date, keepFamilyId?: string) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: at })
    .where(
      and(
        eq(refreshTokens.userId, userId),
        isNull(refreshTokens.revokedAt),
        keepFamilyId ? ne(refreshTokens.familyId, keepFamilyId) : undefined,
      ),
    );
}

/** Whether a sign-in still has a live (not revoked, not expired) refresh token. */
/** The user of a live sign-in (token family), or undefined when it is revoked, expired or unknown. */
export async function findActiveFamilyUser(db: AppDatabase, familyId: string, now: Date): Promise<number | undefined> {
  const [row] = await db
    .select({ userId: refreshTokens.userId })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt), gt(refreshTokens.expiresAt, now)))
    .limit(1);
  return row?.userId;
}

/** The user and their role in the current organisation (null when that membership is gone). */
export async function findSessionUser(db: AppDatabase, userId: number) {
  const [row] = await db
    .select({
      userId: users.id,
      organisationId: memberships.organisationId,
      role: memberships.role,
      currencyId: organisations.currencyId,
    })
    .from(users)
    .leftJoin(
      memberships,
      and(eq(memberships.userId, users.id), eq(memberships.organisationId, users.currentOrganisationId)),
    )
    .leftJoin(organisations, eq(organisations.id, memberships.organisationId))
    .where(eq(users.id, userId));
  return row;
}
