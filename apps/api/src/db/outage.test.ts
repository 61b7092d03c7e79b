import { readFile } from 'node:fs/promises';
import { createServer as createHttpServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { DrizzleQueryError, sql } from 'drizzle-orm';
import pg from 'pg';
import { buildTestApp } from '../test/build-test-app.js';
import { tcpProxy } from '../test/tcp-proxy.js';
import { signUp, type SignedInUser } from '../test/test-client.js';
import { createPostgresDatabase } from '../test/test-database.js';
import { openDatabase } from './client.js';
import { findConnectionFailure } from './connection-errors.js';

const UNAVAILABLE = {
  error: 'Der Dienst ist vorübergehend nicht verfügbar. Bitte versuchen Sie es in Kürze erneut.',
  code: 'UNAVAILABLE',
};
const HEALTH_DOWN = {
  error: 'Die Datenbank ist nicht erreichbar.',
  code: 'UNAVAILABLE',
  status: 'degraded',
  database: 'unavailable',
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(check: () => Promise<boolean> | boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await sleep(20);
  }
}

// Both backends: how a request answers when node-postgres reports a lost connection. PGlite runs
// inside the process and cannot lose one, so here the route throws what pg and Drizzle throw.
describe('a request whose database connection is lost', () => {
  let app: FastifyInstance;
  const logLines: string[] = [];
  beforeAll(async () => {
    const lost = Object.assign(
      new pg.DatabaseError('terminating connection due to administrator command', 0, 'error'),
      {
        code: '57P01',
      },
    );
    app = await buildTestApp(
      {},
      {
        logLines,
        apiPlugins: [
          async (api) => {
            api.get('/probe-lost-connection', { config: { public: true } }, () => {
              throw new DrizzleQueryError('select secret from probe', [], lost);
            });
          },
        ],
      },
    );
  });
  afterAll(() => app.close());

  it('answers 503 with Retry-After and a German message, logged as a warning', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/probe-lost-connection' });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.json()).toEqual(UNAVAILABLE);
    const logged = logLines.find((line) => line.includes('database unavailable'));
    expect(logged).toContain('"level":40');
    expect(logged).toContain('administrator command');
    // The driver's own error is logged, not Drizzle's wrapper with the query and its parameters.
    expect(logged).not.toContain('select secret');
  });
});

// PostgreSQL only: it takes the database away under the running app, which needs a real server.
const url = process.env.DATABASE_URL;
if (url) {
  describe('PostgreSQL going away under the running app', () => {
    let fresh: Awaited<ReturnType<typeof createPostgresDatabase>>;
    let proxy: Awaited<ReturnType<typeof tcpProxy>>;
    let admin: pg.Client;
    let app: FastifyInstance;
    let user: SignedInUser;
    let rates: ReturnType<typeof createHttpServer>;
    let holdRates = false;
    const heldRates: ServerResponse[] = [];
    const logLines: string[] = [];
    const uncaught = vi.fn();
    const xml = readFile(new URL('../lib/rates/fixtures/eurofxref-daily.xml', import.meta.url), 'utf8');
    const answerRates = async (response: ServerResponse) =>
      response.writeHead(200, { 'content-type': 'text/xml' }).end(await xml);

    /** Ends every connection the app has (pg_terminate_backend: 57P01, as in a fast shutdown). */
    async function terminateAppConnections(): Promise<void> {
      const others = 'datname = current_database() and pid <> pg_backend_pid()';
      await admin.query(`select pg_terminate_backend(pid) from pg_stat_activity where ${others}`);
      await until(async () => (await admin.query(`select 1 from pg_stat_activity where ${others}`)).rowCount === 0);
      // The app's side reads the FATAL message and the closed socket in the next turns.
      await sleep(100);
    }

    const advisoryLocks = async () =>
      (
        await admin.query(
          `select 1 from pg_locks where locktype = 'advisory'
           and database = (select oid from pg_database where datname = current_database())`,
        )
      ).rowCount;

    beforeAll(async () => {
      process.on('uncaughtException', uncaught);
      fresh = await createPostgresDatabase(url);
      const address = new URL(fresh.url);
      proxy = await tcpProxy({ host: address.hostname, port: Number(address.port || 5432) });
      admin = new pg.Client({ connectionString: fresh.url });
      await admin.connect();
      // The exchange-rate source answers only when the test says so: the job holds its lock meanwhile.
      rates = createHttpServer((_request, response) => {
        if (holdRates) heldRates.push(response);
        else void answerRates(response);
      });
      await new Promise<void>((resolve) => rates.listen(0, '127.0.0.1', resolve));
      const proxied = new URL(fresh.url);
      proxied.host = `127.0.0.1:${proxy.port}`;
      const database = await openDatabase({
        kind: 'postgres',
        url: proxied.toString(),
        poolSize: 4,
        connectTimeoutMs: 1000,
      });
      const ratesUrl = `http://127.0.0.1:${(rates.address() as AddressInfo).port}/eurofxref-daily.xml`;
      app = await buildTestApp({ RATES_URL: ratesUrl }, { database, logLines });
      user = await signUp(app);
    });
    afterAll(async () => {
      process.off('uncaughtException', uncaught);
      try {
        await proxy?.restore();
        await app?.close();
        await proxy?.close();
        await admin?.end();
        await new Promise((resolve) => rates?.close(resolve));
      } finally {
        // Dropped even when closing failed: `with (force)` ends whatever connections are left.
        await fresh?.drop();
      }
    });

    it('survives losing the connection that holds the rates job lock; the lock is free again', async () => {
      holdRates = true;
      const refreshing = app.deps.rates.refresh({ force: true });
      await until(() => heldRates.length === 1);
      expect(await advisoryLocks()).toBe(1);

      await terminateAppConnections();
      expect(uncaught).not.toHaveBeenCalled();
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);

      // The job's own work runs on the pool and completes; only its lock connection was lost.
      holdRates = false;
      await answerRates(heldRates.shift()!);
      expect(await refreshing).toBe('updated');
      expect(await advisoryLocks()).toBe(0);
      // The next run takes the lock again.
      expect(await app.deps.rates.refresh({ force: true })).toBe('updated');
    });

    it('survives losing the lock connection of start-up work (runAlone) and a transaction mid-way', async () => {
      const { database } = app.deps;
      const alone = await database.runAlone(4_711_999, async () => {
        await terminateAppConnections();
        return 'done';
      });
      expect(alone).toBe('done');

      const failed = await database.db
        .transaction(async (tx) => {
          await tx.execute(sql`select 1`);
          await terminateAppConnections();
          await tx.execute(sql`select 1`);
        })
        .then(
          () => undefined,
          (error: unknown) => error,
        );
      expect(findConnectionFailure(failed)).toBeDefined();
      expect(uncaught).not.toHaveBeenCalled();
      expect(await advisoryLocks()).toBe(0);
      expect((await user.get('/api/profile')).statusCode).toBe(200);
    });

    it('answers 503 with Retry-After while PostgreSQL is down and recovers by itself', async () => {
      expect((await user.get('/api/profile')).statusCode).toBe(200);
      await proxy.cut();

      const health = await app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(503);
      expect(health.headers['retry-after']).toBe('5');
      expect(health.json()).toEqual(HEALTH_DOWN);
      for (const response of [
        await user.get('/api/profile'),
        await user.post('/api/auth/login', { email: user.email, password: user.password }),
      ]) {
        expect(response.statusCode).toBe(503);
        expect(response.headers['retry-after']).toBe('5');
        expect(response.json()).toEqual(UNAVAILABLE);
      }
      // A background job fails softly and logs a warning; it runs again at its next turn.
      expect(await app.deps.rates.refresh({ force: true })).toBe('failed');
      expect(logLines.some((line) => line.includes('exchange rates not updated'))).toBe(true);

      await proxy.restore();
      expect((await app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({
        status: 'ok',
        database: 'ok',
      });
      expect((await user.get('/api/profile')).statusCode).toBe(200);
      expect(await app.deps.rates.refresh({ force: true })).toBe('updated');
      expect(uncaught).not.toHaveBeenCalled();
    });

    it('does not let requests hang on a server that accepts and never answers', async () => {
      proxy.stall();
      const started = Date.now();
      const response = await app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(503);
      // The pool gives up after its connect timeout (1 s here, 5 s in production).
      expect(Date.now() - started).toBeLessThan(5_000);
      expect((await user.get('/api/profile')).statusCode).toBe(503);

      await proxy.restore();
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    });
  });
}
