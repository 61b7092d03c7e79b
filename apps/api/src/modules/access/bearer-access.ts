import type { AppDatabase } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { hashSecret } from '../../lib/secrets.js';
import type { BearerAccess, SessionUser } from '../../lib/tenant.js';
import { findApiTokenAccess, findAssistantAccess, touchApiToken, touchGrant } from './access.repository.js';

/** The secrets' prefixes: they tell a personal token from an assistant's and show up in secret scanners. */
export const API_TOKEN_PREFIX = 'sp_pat_';
export const ACCESS_TOKEN_PREFIX = 'sp_at_';
export const REFRESH_TOKEN_PREFIX = 'sp_rt_';

const TOUCH_EVERY_MS = 60_000;

export type BearerAccesses = ReturnType<typeof createBearerAccesses>;

/**
 * Resolves a bearer secret to the member it speaks for. Nothing is cached: a revoked token, a
 * removed member or a lowered role counts at the very next call on every instance, at the price of
 * one indexed query per call.
 */
export function createBearerAccesses(db: AppDatabase, clock: Clock) {
  return {
    async resolve(secret: string): Promise<{ user: SessionUser; access: BearerAccess } | undefined> {
      const kind = secret.startsWith(API_TOKEN_PREFIX)
        ? 'token'
        : secret.startsWith(ACCESS_TOKEN_PREFIX)
          ? 'assistant'
          : undefined;
      if (!kind) return undefined;
      const now = clock.now();
      const hash = hashSecret(secret);
      const row = kind === 'token' ? await findApiTokenAccess(db, hash, now) : await findAssistantAccess(db, hash, now);
      if (!row) return undefined;
      const before = new Date(now.getTime() - TOUCH_EVERY_MS);
      if (!row.lastUsedAt || row.lastUsedAt < before) {
        await (kind === 'token' ? touchApiToken : touchGrant)(db, row.id, now, before);
      }
      const { userId, organisationId, role, currencyId, scopes, clientName, id } = row;
      return {
        user: { userId, organisationId, role, currencyId },
        access: { kind, id, scopes, clientName },
      };
    },
  };
}
