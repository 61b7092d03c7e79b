import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { asc, eq } from 'drizzle-orm';
import { eurRates } from '../../db/schema/index.js';
import { adjustableClock, buildTestApp } from '../../test/build-test-app.js';
import { signUp, type SignedInUser } from '../../test/test-client.js';

const fixture = (name: string) => readFile(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

// A real HTTP server standing in for the ECB: what it answers is set per test.
let answer: { status: number; body: string; type: string };
let requests = 0;
let server: Server;
let app: FastifyInstance;
let user: SignedInUser;
const logLines: string[] = [];
const clock = adjustableClock();

beforeAll(async () => {
  server = createServer((_request, response) => {
    requests += 1;
    // A short delay makes concurrent refreshes overlap for real.
    setTimeout(() => response.writeHead(answer.status, { 'content-type': answer.type }).end(answer.body), 50);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  app = await buildTestApp({ RATES_URL: `http://127.0.0.1:${port}/eurofxref-daily.xml` }, { logLines, clock });
  user = await signUp(app);
});
afterAll(async () => {
  await app.close();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(async () => {
  answer = { status: 200, body: await fixture('eurofxref-daily.xml'), type: 'text/xml' };
  requests = 0;
});

/** The stored EUR rates, as they are in the table. */
const storedRows = () => app.deps.database.db.select().from(eurRates).orderBy(asc(eurRates.currencyCode));

async function rate(base: string, target: string): Promise<{ rate: number; updatedAt: string }> {
  const response = await user.get(`/api/fiat-rates/${base}/${target}`);
  expect(response.statusCode).toBe(200);
  return response.json();
}

function fixtureRate(xml: string, code: string): number {
  const match = new RegExp(`currency=['"]${code}['"] rate=['"]([0-9.]+)['"]`).exec(xml);
  if (!match?.[1]) throw new Error(`fixture has no ${code}`);
  return Number(match[1]);
}

describe('ECB rates provider', () => {
  it('stores the published rates and derives cross rates for every base', async () => {
    expect(await app.deps.rates.refresh()).toBe('updated');
    const xml = answer.body;
    expect((await rate('EUR', 'USD')).rate).toBeCloseTo(fixtureRate(xml, 'USD'), 8);
    expect((await rate('CHF', 'USD')).rate).toBeCloseTo(fixtureRate(xml, 'USD') / fixtureRate(xml, 'CHF'), 8);
    expect((await rate('USD', 'EUR')).rate).toBeCloseTo(1 / fixtureRate(xml, 'USD'), 8);
    const { updatedAt } = await rate('EUR', 'CHF');
    // Stamped by the app's clock (pinned to TEST_TODAY), not by the machine's.
    expect(app.deps.clock.now().getTime() - Date.parse(updatedAt)).toBeGreaterThanOrEqual(0);
    expect(app.deps.clock.now().getTime() - Date.parse(updatedAt)).toBeLessThan(60_000);
  });

  it('does not fetch again while the stored rates are younger than 12 hours', async () => {
    await app.deps.rates.refresh({ force: true });
    requests = 0;
    expect(await app.deps.rates.refresh()).toBe('skipped');
    expect(requests).toBe(0);
  });

  it('fetches again once the stored rates are 12 hours old', async () => {
    await app.deps.rates.refresh({ force: true });
    requests = 0;
    clock.advance(12 * 3_600_000 - 60_000);
    expect(await app.deps.rates.refresh()).toBe('skipped');
    clock.advance(60_001);
    expect(await app.deps.rates.refresh()).toBe('updated');
    expect(requests).toBe(1);
  });

  it('dates a pair by the older of its two rates', async () => {
    await app.deps.rates.refresh({ force: true });
    // AED is not published by the ECB: its rate comes from the bundled fallback.
    const mixed = await rate('USD', 'AED');
    expect(mixed.updatedAt).toBe((await rate('EUR', 'AED')).updatedAt);
    expect(Date.parse(mixed.updatedAt)).toBeLessThan(Date.parse((await rate('EUR', 'USD')).updatedAt));
  });

  it('gives a currency without a stored rate the fallback rate at start', async () => {
    await app.deps.database.db.delete(eurRates).where(eq(eurRates.currencyCode, 'AED'));
    await app.deps.rates.ensureRates();
    const [aed] = await app.deps.database.db.select().from(eurRates).where(eq(eurRates.currencyCode, 'AED'));
    expect(aed).toMatchObject({ source: 'fallback' });
    expect(aed!.rate).toBeGreaterThan(0);
  });

  it('lets only one of several concurrent refreshes fetch (advisory lock)', async () => {
    const outcomes = await Promise.all([1, 2, 3].map(() => app.deps.rates.refresh({ force: true })));
    expect(outcomes.filter((outcome) => outcome === 'updated')).toHaveLength(1);
    expect(requests).toBe(1);
  });

  it.each([
    ['a truncated document', 'broken.xml', 200],
    ['an HTML error page', null, 503],
    ['an empty answer', null, 200],
  ])('keeps the last rates and warns on %s', async (_case, file, status) => {
    await app.deps.rates.refresh({ force: true });
    const before = await rate('CHF', 'USD');
    const rowsBefore = await storedRows();
    answer = {
      status,
      body: file ? await fixture(file) : status === 503 ? '<html>Service down</html>' : '',
      type: 'text/xml',
    };
    logLines.length = 0;
    expect(await app.deps.rates.refresh({ force: true })).toBe('failed');
    expect(await rate('CHF', 'USD')).toEqual(before);
    // Nothing of the broken answer reached the table either.
    expect(await storedRows()).toEqual(rowsBefore);
    expect(logLines.some((line) => line.includes('"level":40') && line.includes('exchange rates not updated'))).toBe(
      true,
    );
    // One warning line with the reason, no stack trace.
    const warnings = logLines.filter((line) => line.includes('exchange rates not updated'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('"reason"');
    expect(warnings[0]).not.toContain('"stack"');
  });

  it('keeps serving rates when the source is unreachable', async () => {
    // A port that was just free and is closed again: the connection is refused, as without network.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const closedPort = (probe.address() as AddressInfo).port;
    await new Promise((resolve) => probe.close(resolve));
    const offline = await buildTestApp({ RATES_URL: `http://127.0.0.1:${closedPort}/eurofxref-daily.xml` });
    try {
      expect(await offline.deps.rates.refresh({ force: true })).toBe('failed');
      const response = await (await signUp(offline)).get('/api/fiat-rates/CHF/EUR');
      expect(response.statusCode).toBe(200);
      expect(response.json<{ rate: number }>().rate).toBeGreaterThan(0);
    } finally {
      await offline.close();
    }
  });
});
