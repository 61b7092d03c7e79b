import { lt } from 'drizzle-orm';
import type { AppDatabase } from '../db/client.js';
import {
  apiTokens,
  idempotencyKeys,
  mails,
  oauthCodes,
  oauthTokens,
  rateLimitHits,
  refreshTokens,
  verificationCodes,
} from '../db/schema/index.js';
import type { Clock } from '../lib/clock.js';
import { pruneRowChanges } from '../modules/forecasts/forecasts.repository.js';

const HOUR_MS = 60 * 60_000;
/** Idempotency answers are kept a day (docs/api.md "Idempotency"); a retry comes within seconds. */
const IDEMPOTENCY_KEEP_MS = 24 * HOUR_MS;
/** Mails are kept a month for support questions ("did the mail go out?"), then go. */
const MAIL_KEEP_MS = 30 * 24 * HOUR_MS;
/**
 * Row changes serve the forecast's copies of the day (docs/forecast.md "After a write"): two days
 * cover every copy still in use; an older copy meets the raised pruned version and loads anew.
 */
const ROW_CHANGES_KEEP_MS = 2 * 24 * HOUR_MS;
/** An expired API token stays listed ("abgelaufen") a month, so its owner sees why a script stopped. */
const EXPIRED_TOKEN_KEEP_MS = 30 * 24 * HOUR_MS;

/**
 * Deletes what has run out: rate-limit counters (their keys hold addresses and e-mails), mailed
 * codes, refresh tokens and assistants' codes and tokens (rotated ones stay until they expire, so
 * reuse is still detected), API tokens a month after their last day, old
 * idempotency answers, old mails and old row changes. Everything in the app clock, like the rows
 * were stamped (row changes by the database's clock, which is the app's outside tests).
 */
export async function deleteExpiredRows(db: AppDatabase, now: Date): Promise<void> {
  const ago = (ms: number) => new Date(now.getTime() - ms);
  await db.delete(rateLimitHits).where(lt(rateLimitHits.resetAt, now));
  await db.delete(verificationCodes).where(lt(verificationCodes.expiresAt, now));
  await db.delete(refreshTokens).where(lt(refreshTokens.expiresAt, now));
  await db.delete(oauthCodes).where(lt(oauthCodes.expiresAt, now));
  await db.delete(oauthTokens).where(lt(oauthTokens.expiresAt, now));
  await db.delete(apiTokens).where(lt(apiTokens.expiresAt, ago(EXPIRED_TOKEN_KEEP_MS)));
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, ago(IDEMPOTENCY_KEEP_MS)));
  await db.delete(mails).where(lt(mails.createdAt, ago(MAIL_KEEP_MS)));
  await pruneRowChanges(db, ago(ROW_CHANGES_KEEP_MS));
}

/** Runs deleteExpiredRows every hour (the server's background jobs); answers a stop function. */
export function startCleanupJob(db: AppDatabase, clock: Clock, onError: (error: unknown) => void): () => void {
  const timer = setInterval(() => {
    deleteExpiredRows(db, clock.now()).catch(onError);
  }, HOUR_MS);
  timer.unref();
  return () => clearInterval(timer);
}
