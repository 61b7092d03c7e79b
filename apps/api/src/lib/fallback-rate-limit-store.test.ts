import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { migrateDatabase } from '../db/migrate.js';
import { rateLimitHits } from '../db/schema/index.js';
import { adjustableClock } from '../test/build-test-app.js';
import { redisAvailable, startTestRedis, type TestRedis } from '../test/redis-test-server.js';
import { tcpProxy } from '../test/tcp-proxy.js';
import { openTestDatabase } from '../test/test-database.js';
import { fallbackRateLimitStore } from './fallback-rate-limit-store.js';
import { databaseRateLimitStore } from './rate-limiter.js';
import { redisRateLimitStore, type RedisRateLimitStore } from './redis-rate-limit-store.js';

// A real Redis behind a proxy the test cuts; the database store stands in (docs/api.md
// "Sessions, roles, protection").
describe.runIf(redisAvailable)('the database standing in for Redis', () => {
  let database: Database;
  let redis: TestRedis;
  let proxy: Awaited<ReturnType<typeof tcpProxy>>;
  let primary: RedisRateLimitStore;
  const clock = adjustableClock();

  beforeAll(async () => {
    database = await openTestDatabase();
    await migrateDatabase(database);
    redis = await startTestRedis();
    proxy = await tcpProxy(redis);
    primary = await redisRateLimitStore(`redis://127.0.0.1:${proxy.port}`, `saldopilot-test:${randomUUID()}:`);
  });
  // Hooks of their own (after hooks run last-registered first): the private server is stopped even
  // when closing the store fails.
  afterAll(() => redis?.stop());
  afterAll(async () => {
    await primary?.close();
    await proxy?.close();
    await database?.close();
  });

  const storedCount = async (key: string) =>
    (await database.db.select().from(rateLimitHits).where(eq(rateLimitHits.key, key)))[0]?.count;

  async function waitUntilAvailable() {
    for (let tries = 0; !primary.available; tries += 1) {
      if (tries > 200) throw new Error('Redis did not come back');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  it('takes a hit back where it was counted, also once Redis is back', async () => {
    const store = fallbackRateLimitStore(primary, databaseRateLimitStore(database.db));
    const key = `refund:${randomUUID()}`;
    await proxy.cut();
    const hit = await store.hit(key, 60_000, clock.now());
    expect(hit.count).toBe(1);
    expect(await storedCount(key)).toBe(1);
    await proxy.restore();
    await waitUntilAvailable();
    await hit.refund();
    expect(await storedCount(key)).toBe(0);
    // The next hit is Redis' again, which has not seen the key.
    expect((await store.hit(key, 60_000, clock.now())).count).toBe(1);
    expect(await storedCount(key)).toBe(0);
  });

  it('drops a refund that cannot reach Redis at once, without an error', async () => {
    await waitUntilAvailable();
    const store = fallbackRateLimitStore(primary, databaseRateLimitStore(database.db));
    const hit = await store.hit(`lost:${randomUUID()}`, 60_000, clock.now());
    await proxy.cut();
    const started = performance.now();
    await expect(hit.refund()).resolves.toBeUndefined();
    expect(performance.now() - started).toBeLessThan(1_000);
    await proxy.restore();
  });
});
