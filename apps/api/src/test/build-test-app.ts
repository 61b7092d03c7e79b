import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { zurichDateOf } from '@saldopilot/shared';
import { buildApp } from '../app.js';
import { parseConfig } from '../config.js';
import type { Database } from '../db/client.js';
import { zurichInstant, type Clock } from '../lib/clock.js';
import { loggerOptions } from '../logger.js';
import { openTestDatabase } from './test-database.js';

export const TEST_TODAY = '2026-11-21';

/**
 * A clock on TEST_TODAY that a test can move forward (token lifetimes, code expiry, retries). It
 * starts at noon in Zurich and runs with real time from there, so no test run meets midnight.
 */
export function adjustableClock(today = TEST_TODAY) {
  const start = zurichInstant(today, 12 * 3_600_000).getTime();
  const startedAt = Date.now();
  let offsetMs = 0;
  const now = () => new Date(start + (Date.now() - startedAt) + offsetMs);
  return {
    now,
    today: () => zurichDateOf(now()),
    advance(ms: number): void {
      offsetMs += ms;
    },
  };
}

export type AdjustableClock = ReturnType<typeof adjustableClock>;

/**
 * A test app in production mode, as a public https address requires (every other mode is for
 * localhost only). Production refuses FIXED_TODAY; the test clock still starts on TEST_TODAY.
 */
export function productionEnv(publicUrl = 'https://app.saldopilot.ch'): Record<string, string> {
  return { NODE_ENV: 'production', PUBLIC_URL: publicUrl, FIXED_TODAY: '', JWT_SECRET: 'x'.repeat(40) };
}

/**
 * The real application on its own fresh database, for `app.inject`. Nothing listens on the network
 * unless a test asks for it; the rates source points to a closed port unless a test overrides it.
 */
export async function buildTestApp(
  env: Record<string, string> = {},
  options: {
    logLines?: string[];
    clock?: Clock;
    apiPlugins?: FastifyPluginAsync[];
    /** An open database instead of a fresh one (e.g. reached through a proxy); closed with the app. */
    database?: Database;
  } = {},
): Promise<FastifyInstance> {
  const config = parseConfig({
    NODE_ENV: 'test',
    FIXED_TODAY: TEST_TODAY,
    LOG_LEVEL: 'silent',
    RATES_URL: 'http://127.0.0.1:9/eurofxref-daily.xml',
    WEB_DIST: '/nonexistent',
    // Redis, where the machine offers it, carries the rate limits as in production; each test app
    // gets its own key space, as it gets its own database, so no earlier run's counters leak in.
    ...(process.env.REDIS_URL
      ? { REDIS_URL: process.env.REDIS_URL, REDIS_KEY_PREFIX: `saldopilot-test:${randomUUID()}:` }
      : {}),
    ...env,
  });
  const database = options.database ?? (await openTestDatabase());
  const { logLines } = options;
  // With logLines the real logger settings (redaction included) write into the array.
  const logger = logLines
    ? {
        ...(loggerOptions({ ...config, LOG_LEVEL: 'info' }) as object),
        stream: { write: (line: string) => logLines.push(line) },
      }
    : false;
  // Every test app runs on an adjustable clock (production ones on TEST_TODAY): no test run meets
  // midnight, and none depends on the machine's date.
  const clock = options.clock ?? adjustableClock(config.FIXED_TODAY ?? TEST_TODAY);
  // checkDocumentedStatuses: every API test also checks that the OpenAPI document lists the statuses it meets;
  // checkResponses: and that every answer passes its zod schema and is written as zod's output would be.
  const app = await buildApp({
    config,
    database,
    logger,
    clock,
    apiPlugins: options.apiPlugins,
    checkDocumentedStatuses: true,
    checkResponses: true,
    closeDatabase: true,
  });
  return app;
}

/**
 * The test app of one test file: built before its tests, closed after them. Answers a stand-in
 * that forwards to the app once it is built, so tests use it like the app itself.
 */
export function useTestApp(...args: Parameters<typeof buildTestApp>): FastifyInstance {
  let app: FastifyInstance | undefined;
  beforeAll(async () => {
    app = await buildTestApp(...args);
  });
  afterAll(async () => {
    await app?.close();
  });
  return new Proxy({} as FastifyInstance, {
    get(_target, property) {
      if (!app) throw new Error('the test app is built in beforeAll; use it inside tests and hooks');
      const value: unknown = Reflect.get(app, property, app);
      return typeof value === 'function' ? value.bind(app) : value;
    },
  });
}
