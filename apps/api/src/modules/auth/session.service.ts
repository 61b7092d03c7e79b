import { randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import type { AppDatabase } from '../../db/client.js';
import type { ChangeBus } from '../../lib/change-bus.js';
import type { Clock } from '../../lib/clock.js';
import { hashSecret, randomSecret } from '../../lib/secrets.js';
import { createTtlCache } from '../../lib/ttl-cache.js';
import {
  findRefreshToken,
  findRefreshTokenForUpdate,
  insertRefreshToken,
  findActiveFamilyUser,
  markRefreshTokenRotated,
  revokeAllOfUser,
  revokeFamily,
} from './session.repository.js';

export const ACCESS_TOKEN_SECONDS = 15 * 60;
export const REFRESH_TOKEN_SECONDS = 90 * 24 * 60 * 60;
/**
 * A browser that fires several requests with an expired access token sends the same refresh token
 * with each; only the first rotates it. The others, within these seconds, are served without being
 * mistaken for token theft (they get a fresh access token, and the rotated cookie arrives with the first).
 */
const ROTATION_GRACE_MS = 30_000;

export interface IssuedTokens {
  accessToken: string;
  refreshToken?: string;
}

export type Renewal = ({ status: 'renewed'; userId: number } & IssuedTokens) | { status: 'invalid' };

// An access token names its sign-in (claim "sid"); whether that sign-in is still live is cached per
// instance. Every instance forgets a sign-in as soon as the change bus reports it ended (docs/api.md
// "Sessions, roles, protection"); this time limit is the safety net while the bus's listener is down.
const FAMILY_CHECK_MS = 2_000;
// Checking a JWT's signature costs ~70 µs of WebCrypto, more than the rest of a cached read. A token
// that was verified once is remembered (its claims, never an unverified one) until it expires.
const VERIFIED_TOKEN_MS = 60_000;

export type SessionService = ReturnType<typeof createSessionService>;

/**
 * Access tokens (JWT, 15 min) and rotating refresh tokens (opaque, hashed, 90 days) — docs/api.md
 * "Sessions".
 */
export function createSessionService(db: AppDatabase, clock: Clock, jwtSecret: string, changes: ChangeBus) {
  // Imported once: jose imports a raw secret again for every token it signs or checks.
  const key = crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(jwtSecret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
  const seconds = () => Math.floor(clock.now().getTime() / 1000);
  // The user of each live sign-in (0: none), so a token is only good for the user who signed in.
  const activeFamilies = createTtlCache<string, number>(FAMILY_CHECK_MS, 50_000);
  const verifiedTokens = createTtlCache<string, { userId: number; familyId: string; expiresAt: number }>(
    VERIFIED_TOKEN_MS,
    20_000,
  );
  changes.subscribe({
    change(change) {
      if (change.kind !== 'sign-in') return;
      if (change.familyId) activeFamilies.delete(change.familyId);
      else activeFamilies.deleteWhere((userId) => userId === change.id);
    },
    reset: () => activeFamilies.clear(),
  });
  /** After the revocation has committed: every instance forgets the sign-ins before this answers. */
  const announceEnded = (userId: number, familyId?: string) =>
    changes.publish({ kind: 'sign-in', action: 'deleted', id: userId, ...(familyId ? { familyId } : {}) });

  /** The claims of a well-signed, unexpired access token, else undefined. */
  async function accessClaims(token: string): Promise<{ userId: number; familyId: string } | undefined> {
    const known = verifiedTokens.get(token);
    if (known) return known.expiresAt > seconds() ? known : undefined;
    let payload;
    try {
      ({ payload } = await jwtVerify(token, await key, { algorithms: ['HS256'], currentDate: clock.now() }));
    } catch {
      return undefined;
    }
    const userId = Number(payload.sub);
    if (!Number.isSafeInteger(userId) || userId <= 0 || typeof payload.sid !== 'string' || !payload.exp)
      return undefined;
    const claims = { userId, familyId: payload.sid, expiresAt: payload.exp };
    verifiedTokens.set(token, claims);
    return claims;
  }

  /** The user whose live sign-in this is (0 when it has ended). */
  async function familyUser(familyId: string): Promise<number> {
    const cached = activeFamilies.get(familyId);
    if (cached !== undefined) return cached;
    const stamp = activeFamilies.stamp();
    const userId = (await findActiveFamilyUser(db, familyId, clock.now())) ?? 0;
    activeFamilies.set(familyId, userId, stamp);
    return userId;
  }

  async function signAccessToken(userId: number, familyId: string): Promise<string> {
    const now = seconds();
    return new SignJWT({ sid: familyId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(userId))
      .setIssuedAt(now)
      .setExpirationTime(now + ACCESS_TOKEN_SECONDS)
      .sign(await key);
  }

  async function newRefreshToken(database: AppDatabase, userId: number, familyId: string, userAgent?: string) {
    const refreshToken = randomSecret();
    await insertRefreshToken(database, {
      userId,
      familyId,
      tokenHash: hashSecret(refreshToken),
      expiresAt: new Date(clock.now().getTime() + REFRESH_TOKEN_SECONDS * 1000),
      userAgent,
    });
    return refreshToken;
  }

  return {
    /** Starts a new sign-in (a new token family). */
    async start(userId: number, userAgent?: string): Promise<Required<IssuedTokens>> {
      const familyId = randomUUID();
      const refreshToken = await newRefreshToken(db, userId, familyId, userAgent);
      return { accessToken: await signAccessToken(userId, familyId), refreshToken };
    },

    /** The user id of a valid access token whose sign-in is still live, else undefined. */
    async verifyAccessToken(token: string): Promise<number | undefined> {
      const claims = await accessClaims(token);
      // The sign-in must be live and belong to the token's user: whoever holds the signing key must
      // not be able to pair their own live sign-in with someone else's user id.
      return claims && (await familyUser(claims.familyId)) === claims.userId ? claims.userId : undefined;
    },

    /**
     * Exchanges a refresh token for new tokens and retires it. A retired token used again after the
     * grace period means it was copied: the whole family is revoked.
     */
    async renew(refreshToken: string, userAgent?: string): Promise<Renewal> {
      const now = clock.now();
      const renewal = await db.transaction(
        async (tx): Promise<Renewal | { status: 'reused'; userId: number; familyId: string }> => {
          const row = await findRefreshTokenForUpdate(tx, hashSecret(refreshToken));
          if (!row || row.revokedAt || row.expiresAt <= now) return { status: 'invalid' as const };
          if (row.rotatedAt) {
            if (now.getTime() - row.rotatedAt.getTime() <= ROTATION_GRACE_MS) {
              return {
                status: 'renewed' as const,
                userId: row.userId,
                accessToken: await signAccessToken(row.userId, row.familyId),
              };
            }
            await revokeFamily(tx, row.familyId, now);
            return { status: 'reused' as const, userId: row.userId, familyId: row.familyId };
          }
          await markRefreshTokenRotated(tx, row.id, now);
          const next = await newRefreshToken(tx, row.userId, row.familyId, userAgent);
          return {
            status: 'renewed' as const,
            userId: row.userId,
            accessToken: await signAccessToken(row.userId, row.familyId),
            refreshToken: next,
          };
        },
      );
      if (renewal.status !== 'reused') return renewal;
      await announceEnded(renewal.userId, renewal.familyId);
      return { status: 'invalid' };
    },

    /** Ends the sign-in the refresh token belongs to; unknown tokens are ignored. */
    async end(refreshToken: string): Promise<void> {
      const row = await findRefreshToken(db, hashSecret(refreshToken));
      if (!row) return;
      await revokeFamily(db, row.familyId, clock.now());
      await announceEnded(row.userId, row.familyId);
    },

    /** The family of a refresh token, to keep the current sign-in when ending the others. */
    async familyOf(refreshToken: string): Promise<string | undefined> {
      return (await findRefreshToken(db, hashSecret(refreshToken)))?.familyId;
    },

    /**
     * Ends every sign-in of the user but `keepFamilyId`, inside the caller's transaction; call
     * `announceEndAll` once it has committed.
     */
    async endAll(userId: number, database: AppDatabase, keepFamilyId?: string): Promise<void> {
      await revokeAllOfUser(database, userId, clock.now(), keepFamilyId);
    },

    /**
     * After a committed `endAll`: every instance forgets the user's sign-ins (the kept one is simply
     * looked up again) before this returns.
     */
    announceEndAll: (userId: number): Promise<void> => announceEnded(userId),
  };
}
