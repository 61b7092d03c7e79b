import { and, eq, gt, sql } from 'drizzle-orm';
import type { AppDatabase } from '../db/client.js';
import { rateLimitHits } from '../db/schema/index.js';
import { AppError } from './app-error.js';
import type { Clock } from './clock.js';

export interface RateLimitRule {
  /** What is counted, e.g. `login:ip:1.2.3.4` or `login:email:a@b.ch`. */
  key: string;
  limit: number;
  windowMs: number;
  /** With `attempt`: only failures count, a successful attempt gets its hit back. */
  failuresOnly?: boolean;
  /** The German 429 message, when "too many tries" does not fit. */
  message?: string;
}

export interface RateLimitHit {
  /** Hits in the window so far, this one included. */
  count: number;
  resetAt: Date;
  /** Takes this hit back where it was counted, if its window is still the current one. */
  refund(): Promise<void>;
}

export interface RateLimitStore {
  /** Counts one hit in the fixed window of `key`. */
  hit(key: string, windowMs: number, now: Date): Promise<RateLimitHit>;
}

export const RATE_LIMIT_MESSAGE = 'Zu viele Versuche. Bitte warten Sie einen Moment und versuchen Sie es dann erneut.';

/** Fixed windows in PostgreSQL/PGlite: one upsert per hit, shared by every instance. */
export function databaseRateLimitStore(db: AppDatabase): RateLimitStore {
  async function refund(key: string, resetAt: Date) {
    await db
      .update(rateLimitHits)
      .set({ count: sql`${rateLimitHits.count} - 1` })
      .where(and(eq(rateLimitHits.key, key), eq(rateLimitHits.resetAt, resetAt), gt(rateLimitHits.count, 0)));
  }
  return {
    async hit(key, windowMs, now) {
      const resetAt = new Date(now.getTime() + windowMs);
      const expired = sql`${rateLimitHits.resetAt} <= ${now.toISOString()}::timestamptz`;
      const [row] = await db
        .insert(rateLimitHits)
        .values({ key, count: 1, resetAt })
        .onConflictDoUpdate({
          target: rateLimitHits.key,
          set: {
            count: sql`case when ${expired} then 1 else ${rateLimitHits.count} + 1 end`,
            resetAt: sql`case when ${expired} then excluded.reset_at else ${rateLimitHits.resetAt} end`,
          },
        })
        .returning({ count: rateLimitHits.count, resetAt: rateLimitHits.resetAt });
      if (!row) throw new Error('rate limit upsert returned nothing');
      return { ...row, refund: () => refund(key, row.resetAt) };
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;

/** Checks several limits at once (per IP and per e-mail); any exceeded one answers 429 with Retry-After. */
export function createRateLimiter(store: RateLimitStore, clock: Clock) {
  /** Counts a hit on every rule up to the first exceeded one; answers the hits to give back on success. */
  async function consume(rules: RateLimitRule[]) {
    const now = clock.now();
    const hits: Array<{ rule: RateLimitRule; hit: RateLimitHit }> = [];
    for (const rule of rules) {
      const hit = await store.hit(rule.key, rule.windowMs, now);
      if (hit.count > rule.limit) {
        const retryAfterSeconds = Math.max(1, Math.ceil((hit.resetAt.getTime() - now.getTime()) / 1000));
        throw new AppError('RATE_LIMITED', rule.message ?? RATE_LIMIT_MESSAGE, {
          headers: { 'retry-after': String(retryAfterSeconds) },
        });
      }
      hits.push({ rule, hit });
    }
    return hits;
  }

  return {
    async consume(rules: RateLimitRule[]): Promise<void> {
      await consume(rules);
    },

    /**
     * Runs `work` within the limits; when it succeeds, the `failuresOnly` rules get their hit back.
     * Counting first and refunding after (rather than checking first and counting failures) keeps
     * parallel attempts from all passing a check before any of them is counted.
     */
    async attempt<T>(rules: RateLimitRule[], work: () => Promise<T>): Promise<T> {
      const hits = await consume(rules);
      const result = await work();
      for (const { rule, hit } of hits) if (rule.failuresOnly) await hit.refund();
      return result;
    },
  };
}
