import type { AppDatabase } from '../../db/client.js';
import type { Change, ChangeBus } from '../../lib/change-bus.js';
import type { SessionUser } from '../../lib/tenant.js';
import { createTtlCache } from '../../lib/ttl-cache.js';
import { findSessionUser } from './session.repository.js';

// Every request needs this; a short cache keeps hot reads off the database. Every instance drops
// an entry as soon as the change bus reports a change of it (docs/api.md "Sessions, roles,
// protection"); the time limit is the safety net while the bus's listener is down.
const CACHE_MS = 2_000;

export type SessionUsers = ReturnType<typeof createSessionUsers>;

/** Loads who is calling and in which organisation with which role. */
export function createSessionUsers(db: AppDatabase, changes: ChangeBus) {
  const cache = createTtlCache<number, SessionUser | null>(CACHE_MS, 10_000);

  function forget(change: Change): void {
    switch (change.kind) {
      case 'organisation':
        // Every member whose current organisation it is: its currency, or the organisation itself.
        return cache.deleteWhere((user) => user?.organisationId === change.organisationId);
      case 'membership':
      case 'user':
        return cache.delete(change.id);
      case 'sign-in':
        return; // the session service's own cache
      case 'domain':
      case 'versions':
        return; // an organisation's data, not who is calling
    }
  }

  changes.subscribe({ change: forget, reset: () => cache.clear() });
  return {
    async load(userId: number): Promise<SessionUser | undefined> {
      const cached = cache.get(userId);
      if (cached !== undefined) return cached ?? undefined;
      const stamp = cache.stamp();
      const row = await findSessionUser(db, userId);
      const user = row
        ? { userId, organisationId: row.organisationId, role: row.role, currencyId: row.currencyId }
        : null;
      cache.set(userId, user, stamp);
      return user ?? undefined;
    },
  };
}
