import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { isNull } from 'drizzle-orm';
import { vatRates } from '../../db/schema/index.js';
import { buildTestApp, TEST_TODAY } from '../../test/build-test-app.js';
import { signUp, type SignedInUser } from '../../test/test-client.js';

let app: FastifyInstance;
let user: SignedInUser;

beforeAll(async () => {
  app = await buildTestApp();
  user = await signUp(app);
});
afterAll(async () => {
  await app.close();
});

describe('GET /api/currencies', () => {
  it('lists every active currency with German description and locale', async () => {
    const response = await user.get('/api/currencies');
    expect(response.statusCode).toBe(200);
    const currencies = response.json<Array<{ id: number; code: string; description: string; localeCode: string }>>();
    expect(currencies.length).toBeGreaterThan(140);
    expect(currencies.find((currency) => currency.code === 'CHF')).toMatchObject({
      description: 'Franken (Schweiz)',
      localeCode: 'de-CH',
    });
    expect(currencies.find((currency) => currency.code === 'EUR')).toMatchObject({ localeCode: 'de-DE' });
    expect(currencies.find((currency) => currency.code === 'USD')).toMatchObject({ localeCode: 'en-US' });
    // The organisation's currency (CHF for a new account) first, then by code.
    const codes = currencies.map((currency) => currency.code);
    expect(codes[0]).toBe('CHF');
    expect(codes.slice(1)).toEqual(codes.filter((code) => code !== 'CHF').sort());
  });
});

describe('GET /api/fiat-rates', () => {
  it('answers the rates of a base currency from the bundled fallback', async () => {
    const response = await user.get('/api/fiat-rates/CHF');
    expect(response.statusCode).toBe(200);
    const rates = response.json<Array<{ base: string; target: string; rate: number; updatedAt: string }>>();
    expect(rates.length).toBeGreaterThan(140);
    expect(
      rates.every((rate) => rate.base === 'CHF' && rate.rate > 0 && !Number.isNaN(Date.parse(rate.updatedAt))),
    ).toBe(true);
    expect(rates.some((rate) => rate.target === 'CHF')).toBe(false);
    const eur = rates.find((rate) => rate.target === 'EUR');
    expect(eur?.rate).toBeGreaterThan(0.8);
    expect(eur?.rate).toBeLessThan(1.5);
  });

  it('accepts lower-case codes and answers one pair', async () => {
    const response = await user.get('/api/fiat-rates/eur/chf');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ base: 'EUR', target: 'CHF' });
  });

  it('answers 404 with a German message for an unknown currency', async () => {
    for (const url of ['/api/fiat-rates/XYZ', '/api/fiat-rates/CHF/XYZ', '/api/fiat-rates/XYZ/CHF']) {
      const response = await user.get(url);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'NOT_FOUND', error: expect.stringContaining('XYZ') });
    }
  });

  it('answers 400 for a code that is not three letters', async () => {
    const response = await user.get('/api/fiat-rates/CH1');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { base: expect.any(String) } });
  });
});

describe('GET /api/global/time and /api/health', () => {
  it('answers now from the clock pinned by FIXED_TODAY', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/global/time' });
    expect(response.statusCode).toBe(200);
    const { date } = response.json<{ date: string }>();
    const zurichDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zurich' }).format(new Date(date));
    expect(zurichDay).toBe(TEST_TODAY);
  });

  it('reports the database as reachable', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it('answers 503 with a German message, Retry-After and the part that is down when the database is gone', async () => {
    const cutOff = await buildTestApp();
    await cutOff.deps.database.close();
    try {
      const response = await cutOff.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('5');
      expect(response.json()).toEqual({
        error: 'Die Datenbank ist nicht erreichbar.',
        code: 'UNAVAILABLE',
        status: 'degraded',
        database: 'unavailable',
      });
    } finally {
      // Closing the app closes the database a second time, which may complain.
      await cutOff.close().catch(() => undefined);
    }
  });
});

describe('system VAT rates', () => {
  it('are seeded once: 8.1 %, 2.6 % and 3.8 % in basis points, for every organisation', async () => {
    const rows = await app.deps.database.db
      .select({ value: vatRates.value })
      .from(vatRates)
      .where(isNull(vatRates.organisationId));
    expect(rows.map((row) => row.value).sort()).toEqual([260, 380, 810]);
  });
});

describe('the OpenAPI document', () => {
  it('is there for signed-in users', async () => {
    const response = await user.get('/api/docs');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ openapi: expect.stringMatching(/^3\./) });
  });
});

describe('without a session', () => {
  it.each(['/api/currencies', '/api/categories', '/api/fiat-rates/CHF', '/api/fiat-rates/CHF/EUR', '/api/docs'])(
    '%s answers 401 with logout: true',
    async (url) => {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        error: 'Sie sind nicht angemeldet. Bitte melden Sie sich an.',
        code: 'UNAUTHENTICATED',
        logout: true,
      });
    },
  );

  it.each(['/api/global/time', '/api/health'])('%s stays public', async (url) => {
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(200);
  });
});
