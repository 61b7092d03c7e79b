import { randomUUID } from 'node:crypto';
import { and, count, eq, gt, like } from 'drizzle-orm';
import { EVENT_HEARTBEAT_SECONDS } from '@saldopilot/shared';
import type { AppDatabase } from '../../db/client.js';
import { rateLimitHits } from '../../db/schema/index.js';
import type { Clock } from '../../lib/clock.js';

/**
 * The open event streams of a user counted across every instance (docs/realtime.md "Who may
 * listen, and limits"): each stream holds a lease in the database, which every instance shares,
 * renewed with its heartbeat and given back when it ends. A lease of an instance that died runs
 * out by itself, so its places come free after STREAM_LEASE_MS. The leases live in the rate-limit
 * counters' table (one row each, `count` 1, `reset_at` the lease's end), which the hourly cleanup
 * already empties of what ran out: a limit on open streams is a limit like the others, and needs no
 * table of its own.
 */

/** Two heartbeats and a margin: a live stream renews its lease long before it runs out. */
export const STREAM_LEASE_MS = (2 * EVENT_HEARTBEAT_SECONDS + 10) * 1000;

const keyPrefix = (userId: number) => `events:stream:${userId}:`;

export interface StreamLease {
  /** Pushes the lease's end out again (with the stream's heartbeat). */
  renew(): Promise<void>;
  /** Gives the place back (the stream ended). */
  release(): Promise<void>;
}

export type StreamLeases = ReturnType<typeof createStreamLeases>;

export function createStreamLeases(db: AppDatabase, clock: Clock) {
  const endFrom = (now: Date) => new Date(now.getTime() + STREAM_LEASE_MS);
  return {
    /**
     * A place for one more stream of the user, or undefined when `limit` streams are open on all
     * instances together. The lease is taken first and counted after, so two tabs opening at once
     * on two instances never both get the last place (at worst both are refused and reconnect).
     */
    async take(userId: number, limit: number): Promise<StreamLease | undefined> {
      const key = `${keyPrefix(userId)}${randomUUID()}`;
      const now = clock.now();
      await db.insert(rateLimitHits).values({ key, count: 1, resetAt: endFrom(now) });
      const [open] = await db
        .select({ count: count() })
        .from(rateLimitHits)
        .where(and(like(rateLimitHits.key, `${keyPrefix(userId)}%`), gt(rateLimitHits.resetAt, now)));
      const release = async () => {
        await db.delete(rateLimitHits).where(eq(rateLimitHits.key, key));
      };
      if ((open?.count ?? 0) > limit) {
        await release();
        return undefined;
      }
      return {
        release,
        async renew() {
          await db
            .update(rateLimitHits)
            .set({ resetAt: endFrom(clock.now()) })
            .where(eq(rateLimitHits.key, key));
        },
      };
    },
  };
}
