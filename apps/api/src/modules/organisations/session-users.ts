import type { Role } from '@saldopilot/shared';
import type { AppDatabase } from '../../db/client.js';
import { createTtlCache } from '../../lib/ttl-cache.js';
import { findSessionUser } from './organisations.repository.js';

export interface SessionUser {
  userId: number;
  /** The current organisation, null when the user has none (or lost its membership). */
  organisationId: number | null;
  role: Role | null;
  /** The current organisation's currency, null without one. */
  currencyId: number | null;
}

// Every request needs this; a short cache keeps hot reads off the database. Changes made through
// this instance invalidate at once; another instance's change is seen after at most this long.
const CACHE_MS = 2_000;

export type SessionUsers = ReturnType<typeof createSessionUsers>;

/** Loads who is calling and in which organisation with which role. */
export function createSessionUsers(db: AppDatabase) {
  const cache = createTtlCache<number, SessionUser | null>(CACHE_MS, 10_000);
  return {
    async load(userId: number): Promise<SessionUser | undefined> {
      const cached = cache.get(userId);
      if (cached !== undefined) return cached ?? undefined;
      const row = await findSessionUser(db, userId);
      const user = row
        ? { userId, organisationId: row.organisationId, role: row.role, currencyId: row.currencyId }
        : null;
      cache.set(userId, user);
      return user ?? undefined;
    },
    /** Call after changing a user's memberships, roles or current organisation. */
    invalidate: (userId: number): void => cache.delete(userId),
  };
}
