import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import type { Database } from '../db/client.js';
import { migrateDatabase } from '../db/migrate.js';
import { openTestDatabase } from '../test/test-database.js';
import { adjustableClock } from '../test/build-test-app.js';
import { createRateLimiter, databaseRateLimitStore, type RateLimitStore } from './rate-limiter.js';
import { redisRateLimitStore } from './redis-rate-limit-store.js';
import { AppError } from './app-error.js';

let database: Database;
const closers: Array<() => Promise<void>> = [];

beforeAll(async () => {
  database = await openTestDatabase();
  await migrateDatabase(database);
});
afterAll(async () => {
  await Promise.all(closers.map((close) => close()));
  await database.close();
});

// The database store always; Redis too where the machine offers it (REDIS_URL), as CI does.
const stores: Array<[string, () => Promise<RateLimitStore>]> = [
  ['database', async () => databaseRateLimitStore(database.db)],
];
if (process.env.REDIS_URL) {
  const url = process.env.REDIS_URL;
  stores.push([
    'redis',
    async () => {
      const store = await redisRateLimitStore(url, `saldopilot-test:${randomBytes(6).toString('hex')}:`);
      closers.push(store.close);
      return store;
    },
  ]);
}

describe.each(stores)('rate limiter on the %s store', (_name, openStore) => {
  it('allows `limit` hits per window, then answers 429 with Retry-After, per key', async () => {
    const clock = adjustableClock();
    const limiter = createRateLimiter(await openStore(), clock);
    const key = `test:${randomBytes(6).toString('hex')}`;
    const rule = { key, limit: 3, windowMs: 60_000 };
    for (let hit = 0; hit < 3; hit += 1) await limiter.consume([rule]);
    const refused = await limiter.consume([rule]).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ statusCode: 429, code: 'RATE_LIMITED' });
    const retryAfter = Number((refused as AppError).headers?.['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // Another key is counted on its own.
    await expect(limiter.consume([{ ...rule, key: `${key}:other` }])).resolves.toBeUndefined();
  });

  it('checks every rule: the tighter one wins', async () => {
    const limiter = createRateLimiter(await openStore(), adjustableClock());
    const id = randomBytes(6).toString('hex');
    const rules = [
      { key: `ip:${id}`, limit: 10, windowMs: 60_000 },
      { key: `email:${id}`, limit: 1, windowMs: 60_000 },
    ];
    await limiter.consume(rules);
    await expect(limiter.consume(rules)).rejects.toMatchObject({ code: 'RATE_LIMITED' });
  });
});

describe.each(stores)('windows on the %s store', (_name, openStore) => {
  it('start anew once the old one has passed (in the app clock)', async () => {
    const clock = adjustableClock();
    const limiter = createRateLimiter(await openStore(), clock);
    const rule = { key: `window:${randomBytes(6).toString('hex')}`, limit: 1, windowMs: 60_000 };
    await limiter.consume([rule]);
    await expect(limiter.consume([rule])).rejects.toMatchObject({ code: 'RATE_LIMITED' });
    clock.advance(61_000);
    await expect(limiter.consume([rule])).resolves.toBeUndefined();
  });
});

describe.each(stores)('attempts on the %s store', (_name, openStore) => {
  it('count only failures on failuresOnly rules; the other rules count every attempt', async () => {
    const limiter = createRateLimiter(await openStore(), adjustableClock());
    const id = randomBytes(6).toString('hex');
    const rules = [
      { key: `every:${id}`, limit: 5, windowMs: 60_000 },
      { key: `failures:${id}`, limit: 1, windowMs: 60_000, failuresOnly: true },
    ];
    const succeed = async () => 'ok';
    const fail = async () => Promise.reject(new Error('wrong'));
    for (let attempt = 0; attempt < 3; attempt += 1) await expect(limiter.attempt(rules, succeed)).resolves.toBe('ok');
    await expect(limiter.attempt(rules, fail)).rejects.toThrow('wrong');
    // The second failure is refused before the work runs, right or wrong.
    await expect(limiter.attempt(rules, succeed)).rejects.toMatchObject({ code: 'RATE_LIMITED' });
    // Successes counted on the rule without failuresOnly: 3 + 1 + 1 so far, the sixth is one too many.
    await expect(limiter.attempt([rules[0]!], succeed)).rejects.toMatchObject({ code: 'RATE_LIMITED' });
  });

  it('give a hit back only to the window it was counted in', async () => {
    const clock = adjustableClock();
    const limiter = createRateLimiter(await openStore(), clock);
    const rule = { key: `late:${randomBytes(6).toString('hex')}`, limit: 1, windowMs: 60_000, failuresOnly: true };
    // The work outlasts its window, and another attempt is counted in the next one meanwhile.
    await limiter.attempt([rule], async () => {
      clock.advance(61_000);
      await limiter.consume([rule]);
    });
    await expect(limiter.consume([rule])).rejects.toMatchObject({ code: 'RATE_LIMITED' });
  });

  it('use their own 429 message when the rule names one', async () => {
    const limiter = createRateLimiter(await openStore(), adjustableClock());
    const rule = { key: `message:${randomBytes(6).toString('hex')}`, limit: 0, windowMs: 60_000, message: 'Eigene.' };
    await expect(limiter.consume([rule])).rejects.toMatchObject({ code: 'RATE_LIMITED', message: 'Eigene.' });
  });
});
