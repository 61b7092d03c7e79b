import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { openDatabase, type Database } from '../db/client.js';
import { buildTestApp, type AdjustableClock } from './build-test-app.js';
import { createPostgresDatabase, openTestDatabase } from './test-database.js';
import { browser, type SignedInUser } from './test-client.js';

export interface TwoInstances {
  a: FastifyInstance;
  b: FastifyInstance;
  database: Database;
}

/**
 * Two instances of the app on one database, as behind a load balancer: on PostgreSQL (DATABASE_URL)
 * two pools on the same fresh database, on PGlite two apps sharing one PGlite object. With a Redis
 * (REDIS_URL, or `env` naming one) both share one key prefix, as the instances of one deployment do.
 */
export async function openTwoInstances(
  clocks: { a?: AdjustableClock; b?: AdjustableClock } = {},
  env: Record<string, string> = {},
) {
  const { databases, close } = await twoConnections();
  const shared = { REDIS_KEY_PREFIX: `saldopilot-test:${randomUUID()}:`, ...env };
  const a = await buildTestApp(shared, { database: databases[0], clock: clocks.a });
  const b = await buildTestApp(shared, { database: databases[1], clock: clocks.b });
  return {
    a,
    b,
    database: databases[0],
    close: async () => {
      try {
        await a.close();
        await b.close();
      } finally {
        await close();
      }
    },
  };
}

/**
 * Each instance's own `Database` on one database: on PostgreSQL two pools on a fresh database (dropped
 * at the end), on PGlite the one embedded database twice. Each app "closes" its own; the real
 * closing happens in `close`.
 */
async function twoConnections(): Promise<{ databases: [Database, Database]; close: () => Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const database = await openTestDatabase();
    const notClosed = (): Database => ({ ...database, close: async () => undefined });
    return { databases: [notClosed(), notClosed()], close: () => database.close() };
  }
  const fresh = await createPostgresDatabase(url);
  const open = () => openDatabase({ kind: 'postgres', url: fresh.url, poolSize: 4 });
  return { databases: [await open(), await open()], close: () => fresh.drop() };
}

/** The two instances of one test file: built before its tests, closed after them. */
export function useTwoInstances(clocks: { a?: AdjustableClock; b?: AdjustableClock } = {}): TwoInstances {
  let instances: Awaited<ReturnType<typeof openTwoInstances>> | undefined;
  beforeAll(async () => {
    instances = await openTwoInstances(clocks);
  });
  afterAll(async () => {
    await instances?.close();
  });
  const current = () => {
    if (!instances) throw new Error('the instances are built in beforeAll; use them inside tests and hooks');
    return instances;
  };
  return {
    get a() {
      return current().a;
    },
    get b() {
      return current().b;
    },
    get database() {
      return current().database;
    },
  };
}

/** The same browser (its cookies) sent to the other instance, as a load balancer would. */
export function onInstance(app: FastifyInstance, user: SignedInUser) {
  return browser(app, user.jar, user.ip);
}
