import type { FastifyBaseLogger } from 'fastify';
import type { AppDatabase } from '../db/client.js';
import type { Clock } from '../lib/clock.js';
import type { Mailer } from '../lib/mailer/mailer.js';
import type { RatesService } from '../lib/rates/rates-service.js';
import { startCleanupJob } from './cleanup.js';

/**
 * The server's background jobs: the rate sync (hourly check, fetch every RATES_REFRESH_HOURS), mail
 * retries, and the hourly cleanup of what ran out across the modules. Answers a stop function.
 */
export function startBackgroundJobs(deps: {
  db: AppDatabase;
  clock: Clock;
  rates: RatesService;
  mailer: Mailer;
  log: FastifyBaseLogger;
}): () => void {
  const { db, clock, rates, mailer, log } = deps;
  rates.startSchedule();
  mailer.startRetryJob();
  const stopCleanup = startCleanupJob(db, clock, (error) => log.error({ err: error }, 'cleanup failed'));
  return () => {
    rates.stopSchedule();
    stopCleanup();
  };
}
