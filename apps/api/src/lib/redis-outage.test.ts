import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { like } from 'drizzle-orm';
import { createClient } from 'redis';
import { rateLimitHits } from '../db/schema/index.js';
import { buildTestApp } from '../test/build-test-app.js';
import { freePort, redisAvailable, startTestRedis, type TestRedis } from '../test/redis-test-server.js';
import { tcpProxy } from '../test/tcp-proxy.js';
import { openTestDatabase } from '../test/test-database.js';
import { browser, signUp, TEST_PASSWORD, uniqueEmail, type Browser } from '../test/test-client.js';

// docs/api.md "Sessions, roles, protection": without Redis the server starts and counts the
// rate limits in the database; a login never fails or waits for a Redis that has gone away.

/** Well under a second: what a login may cost at most while Redis is gone (argon2 included). */
const FAST_MS = 1_000;

async function timed(send: () => Promise<LightMyRequestResponse>) {
  const started = performance.now();
  const response = await send();
  return { response, ms: performance.now() - started };
}

/** The warnings that name REDIS_URL (pino level 40). */
const redisWarnings = (logLines: string[]) =>
  logLines.filter((line) => line.includes('"level":40') && line.includes('REDIS_URL'));

async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const until = performance.now() + timeoutMs;
  while (!(await check())) {
    if (performance.now() > until) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The rate-limit counters the database holds for keys starting with `prefix`. */
async function databaseCounts(app: FastifyInstance, prefix: string) {
  return app.deps.database.db
    .select({ key: rateLimitHits.key, count: rateLimitHits.count })
    .from(rateLimitHits)
    .where(like(rateLimitHits.key, `${prefix}%`));
}

const register = (client: Browser, email: string) => client.post('/api/auth/registration/create', { email });
const login = (client: Browser, email: string, password: string) => client.post('/api/auth/login', { email, password });

/** Registration and login answer fast and never 5xx; the limits still hold (4th registration of an e-mail: 429). */
async function expectLimitedWithoutRedis(app: FastifyInstance) {
  const user = await signUp(app);
  const client = browser(app);
  const email = uniqueEmail();
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const { response, ms } = await timed(() => register(browser(app), email));
    expect(response.statusCode).toBe(200);
    expect(ms).toBeLessThan(FAST_MS);
  }
  const refused = await timed(() => register(client, email));
  expect(refused.response.statusCode).toBe(429);
  expect(Number(refused.response.headers['retry-after'])).toBeGreaterThan(0);
  expect(refused.ms).toBeLessThan(FAST_MS);
  expect(await databaseCounts(app, `registration:email:${email}`)).toEqual([
    { key: `registration:email:${email}`, count: 4 },
  ]);

  for (let attempt = 0; attempt < 10; attempt += 1) {
    const { response, ms } = await timed(() => login(client, user.email, `Geraten-${attempt}-xyz`));
    expect(response.statusCode).toBe(401);
    expect(ms).toBeLessThan(FAST_MS);
  }
  expect((await login(client, user.email, TEST_PASSWORD)).statusCode).toBe(429);
  const owner = await timed(() => login(browser(app), user.email, TEST_PASSWORD));
  expect(owner.response.statusCode).toBe(200);
  expect(owner.ms).toBeLessThan(FAST_MS);
}

describe('Redis unreachable at start', () => {
  let app: FastifyInstance | undefined;
  afterAll(() => app?.close());

  it('starts at once, warns once naming REDIS_URL, and limits login and registration in the database', async () => {
    const logLines: string[] = [];
    const database = await openTestDatabase();
    const closedPort = await freePort();
    const started = performance.now();
    const building = buildTestApp({ REDIS_URL: `redis://127.0.0.1:${closedPort}` }, { logLines, database });
    // Fails clearly instead of waiting for the test's time limit when the start hangs.
    const deadline = new Promise<never>((_resolve, reject) =>
      setTimeout(() => reject(new Error('the app did not start without Redis')), 15_000).unref(),
    );
    app = await Promise.race([building, deadline]);
    // Redis adds at most a second (redis-rate-limit-store.ts); the rest is the database's preparation,
    // which takes seconds on a busy machine.
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(redisWarnings(logLines)).toHaveLength(1);
    expect(redisWarnings(logLines)[0]).toContain('ECONNREFUSED');

    await expectLimitedWithoutRedis(app);
    // Still one warning: the reconnect attempts in the background are not logged one by one.
    expect(redisWarnings(logLines)).toHaveLength(1);
  });
});

// A real Redis (a private redis-server, or the machine's) behind a proxy the test cuts and restores.
describe.runIf(redisAvailable)('Redis going away under the running app', () => {
  const logLines: string[] = [];
  const prefix = `saldopilot-test:${randomUUID()}:`;
  let redis: TestRedis;
  let proxy: Awaited<ReturnType<typeof tcpProxy>>;
  let app: FastifyInstance;
  let inspector: ReturnType<typeof createClient>;

  /** The count Redis holds for a rate-limit key (0 when it has none). */
  const redisCount = async (key: string) => Number((await inspector.hGet(`${prefix}rate-limit:${key}`, 'count')) ?? 0);
  const answersAgain = () => logLines.filter((line) => line.includes('"level":30') && line.includes('answers again'));

  /** Waits for the `times`th note that Redis answers again; then a registration counts in Redis only. */
  async function expectBackInRedis(times: number) {
    await waitFor(() => answersAgain().length >= times);
    const client = browser(app);
    expect((await register(client, uniqueEmail())).statusCode).toBe(200);
    expect(await redisCount(`registration:ip:${client.ip}`)).toBe(1);
    expect(await databaseCounts(app, `registration:ip:${client.ip}`)).toEqual([]);
    expect(answersAgain()).toHaveLength(times);
  }

  beforeAll(async () => {
    redis = await startTestRedis();
    proxy = await tcpProxy(redis);
    app = await buildTestApp({ REDIS_URL: `redis://127.0.0.1:${proxy.port}`, REDIS_KEY_PREFIX: prefix }, { logLines });
    inspector = createClient({ socket: { host: redis.host, port: redis.port } });
    await inspector.connect();
  });
  // Hooks of their own (after hooks run last-registered first): the private server is stopped even
  // when closing the app fails.
  afterAll(() => redis?.stop());
  afterAll(async () => {
    await app?.close();
    await inspector?.close();
    await proxy?.close();
  });

  it('counts in Redis while it answers, and warns about nothing', async () => {
    const client = browser(app);
    expect((await register(client, uniqueEmail())).statusCode).toBe(200);
    expect(await redisCount(`registration:ip:${client.ip}`)).toBe(1);
    expect(await databaseCounts(app, `registration:ip:${client.ip}`)).toEqual([]);
    expect(redisWarnings(logLines)).toEqual([]);
  });

  it('cut: login and registration answer at once, limited in the database, with one warning', async () => {
    await proxy.cut();
    await expectLimitedWithoutRedis(app);
    expect(redisWarnings(logLines)).toHaveLength(1);
  });

  it('restored: counting in Redis resumes, noted once in the log', async () => {
    await proxy.restore();
    await expectBackInRedis(1);
  });

  it('frozen: a Redis that stops answering costs one short wait, then the database counts until it answers', async () => {
    proxy.freeze();
    await expectLimitedWithoutRedis(app);
    expect(redisWarnings(logLines)).toHaveLength(2);
    await proxy.restore();
    await expectBackInRedis(2);
  });

  it('stalled: a Redis that accepts connections and never answers is passed over until it answers', async () => {
    proxy.stall();
    await expectLimitedWithoutRedis(app);
    expect(redisWarnings(logLines)).toHaveLength(3);
    await proxy.restore();
    await expectBackInRedis(3);
  });

  it('closes at once while Redis does not answer', async () => {
    const other = await buildTestApp({ REDIS_URL: `redis://127.0.0.1:${proxy.port}`, REDIS_KEY_PREFIX: prefix });
    proxy.freeze();
    // A command without an answer stays pending in the client (the request itself is answered).
    expect((await register(browser(other), uniqueEmail())).statusCode).toBe(200);
    const started = performance.now();
    await other.close();
    // Without an answer, closing waited for good; the bound leaves room for dropping the test's own
    // PostgreSQL database, which is part of closing a test app and slow on a busy machine.
    expect(performance.now() - started).toBeLessThan(5_000);
    await proxy.restore();
  });
});
