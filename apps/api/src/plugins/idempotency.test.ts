import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { deleteExpiredRows } from '../jobs/cleanup.js';
import { adjustableClock, buildTestApp } from '../test/build-test-app.js';
import { signUp } from '../test/test-client.js';

let app: FastifyInstance;
let chf: number;

beforeAll(async () => {
  app = await buildTestApp();
  chf = app.deps.reference.baseCurrency().id;
});
afterAll(async () => {
  await app.close();
});

describe('Idempotency-Key', () => {
  it('answers a repeated write with the first answer and does the work once', async () => {
    const user = await signUp(app);
    const request = {
      method: 'POST' as const,
      url: '/api/organisations',
      payload: { name: 'Einmal AG', currencyId: chf },
      headers: { 'idempotency-key': 'create-einmal-ag-1' },
    };
    const first = await user.send(request);
    const retry = await user.send(request);
    expect(first.statusCode).toBe(201);
    expect(retry.statusCode).toBe(201);
    expect(retry.json()).toEqual(first.json());
    expect(retry.headers['idempotent-replayed']).toBe('true');
    const names = (await user.get('/api/organisations')).json<{ data: Array<{ name: string }> }>().data;
    expect(names.filter((organisation) => organisation.name === 'Einmal AG')).toHaveLength(1);
  });

  it('keeps keys per user: the same key of another user does its own work', async () => {
    const [one, two] = [await signUp(app), await signUp(app)];
    const request = {
      method: 'POST' as const,
      url: '/api/organisations',
      payload: { name: 'Gleich', currencyId: chf },
    };
    const headers = { 'idempotency-key': 'shared-key' };
    const first = await one.send({ ...request, headers });
    const second = await two.send({ ...request, headers });
    expect(second.json<{ id: number }>().id).not.toBe(first.json<{ id: number }>().id);
  });

  it('stores refusals too, so a retried bad request stays refused', async () => {
    const user = await signUp(app);
    const request = {
      method: 'POST' as const,
      url: '/api/organisations',
      payload: { name: 'Falsch', currencyId: 999_999 },
      headers: { 'idempotency-key': 'bad-currency' },
    };
    expect((await user.send(request)).statusCode).toBe(400);
    const retry = await user.send(request);
    expect(retry.statusCode).toBe(400);
    expect(retry.json()).toMatchObject({ fields: { currencyId: 'Unbekannte Währung' } });
  });

  it('refuses a key reused for another request, and malformed keys', async () => {
    const user = await signUp(app);
    const headers = { 'idempotency-key': 'one-use' };
    await user.send({ method: 'PATCH', url: '/api/profile', payload: { name: 'Erste' }, headers });
    const other = await user.send({
      method: 'POST',
      url: '/api/organisations',
      payload: { name: 'X', currencyId: chf },
      headers,
    });
    expect(other.statusCode).toBe(400);
    expect(other.json()).toMatchObject({
      error: 'Dieser Idempotency-Key wurde bereits für eine andere Anfrage verwendet.',
    });
    const long = await user.send({
      method: 'PATCH',
      url: '/api/profile',
      payload: { name: 'Zweite' },
      headers: { 'idempotency-key': 'k'.repeat(101) },
    });
    expect(long.statusCode).toBe(400);
    expect((await user.get('/api/profile')).json()).toMatchObject({ name: 'Erste' });
  });
});

describe('Idempotency-Key under a pinned date far from the real one', () => {
  it('keeps a fresh key through the cleanup, which counts in the app clock', async () => {
    const clock = adjustableClock('2031-03-01');
    const farAhead = await buildTestApp({}, { clock });
    try {
      const user = await signUp(farAhead);
      const request = {
        method: 'POST' as const,
        url: '/api/organisations',
        payload: { name: 'Zukunft AG', currencyId: farAhead.deps.reference.baseCurrency().id },
        headers: { 'idempotency-key': 'future-1' },
      };
      const first = await user.send(request);
      // An hour later the cleanup runs; the key, claimed an hour ago in the app's time, must
      // survive it (keys are kept 24 hours).
      clock.advance(61 * 60_000);
      await deleteExpiredRows(farAhead.deps.database.db, clock.now());
      const retry = await user.send(request);
      expect(retry.headers['idempotent-replayed']).toBe('true');
      expect(retry.json()).toEqual(first.json());
    } finally {
      await farAhead.close();
    }
  });
});
