import { describe, expect, it } from 'vitest';
import type { Transaction, Vat } from '@saldopilot/shared';
import { useTestApp } from '../../test/build-test-app.js';
import { signUp, type SignedInUser } from '../../test/test-client.js';
import { twoTenants } from '../../test/tenants.js';
import { aTransaction, aVatRate } from '../../test/factories.js';

const app = useTestApp();

async function vats(user: SignedInUser): Promise<Vat[]> {
  const response = await user.get('/api/vats');
  expect(response.statusCode).toBe(200);
  return response.json<Vat[]>();
}

async function systemRate(user: SignedInUser, value: number): Promise<Vat> {
  const rate = (await vats(user)).find((candidate) => candidate.value === value && !candidate.canEdit);
  if (!rate) throw new Error(`no system rate ${value}`);
  return rate;
}

describe('GET /api/vats', () => {
  it('answers the Swiss system rates by value, formatted, not editable', async () => {
    const user = await signUp(app);
    expect(
      (await vats(user)).map(({ value, formattedValue, canEdit }) => ({ value, formattedValue, canEdit })),
    ).toEqual([
      { value: 260, formattedValue: '2.6%', canEdit: false },
      { value: 380, formattedValue: '3.8%', canEdit: false },
      { value: 810, formattedValue: '8.1%', canEdit: false },
    ]);
  });

  it("lists own rates among them by value, not other organisations'", async () => {
    const { a, b } = await twoTenants(app);
    const own = await aVatRate(a, { value: 770 });
    await aVatRate(a, { value: 255 });
    await aVatRate(b, { value: 1000 });
    const list = await vats(a);
    expect(list.map((rate) => rate.formattedValue)).toEqual(['2.55%', '2.6%', '3.8%', '7.7%', '8.1%']);
    expect(list.find((rate) => rate.id === own.id)).toEqual({
      id: own.id,
      value: 770,
      formattedValue: '7.7%',
      canEdit: true,
    });
  });
});

describe('GET /api/vats/:id', () => {
  it("answers own and system rates, 404 for another organisation's", async () => {
    const { a, b } = await twoTenants(app);
    const own = await aVatRate(a);
    const standard = await systemRate(a, 810);
    expect((await a.get(`/api/vats/${own.id}`)).json()).toEqual(own);
    expect((await b.get(`/api/vats/${standard.id}`)).json()).toEqual(standard);
    const response = await b.get(`/api/vats/${own.id}`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'Die Mehrwertsteuer wurde nicht gefunden.', code: 'NOT_FOUND' });
  });
});

describe('POST /api/vats', () => {
  it('creates an own rate (201)', async () => {
    const user = await signUp(app);
    const response = await user.post('/api/vats', { value: 1000 });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ id: expect.any(Number), value: 1000, formattedValue: '10.0%', canEdit: true });
  });

  it('refuses a value the organisation already has or the system has (409)', async () => {
    const { a, b } = await twoTenants(app);
    await aVatRate(a, { value: 770 });
    for (const value of [770, 810, 260]) {
      const response = await a.post('/api/vats', { value });
      expect(response.statusCode, String(value)).toBe(409);
      expect(response.json()).toEqual({
        error: 'Mehrwertsteuer existiert bereits',
        code: 'CONFLICT',
        fields: { value: 'Mehrwertsteuer existiert bereits' },
      });
    }
    expect(await vats(a)).toHaveLength(4);
    expect((await b.post('/api/vats', { value: 770 })).statusCode).toBe(201);
  });

  it.each([
    [{}, 'Prozentualer Wert wird benötigt'],
    [{ value: 0 }, 'Mindestwert: 0.01'],
    [{ value: -5 }, 'Mindestwert: 0.01'],
    [{ value: 10_001 }, 'Höchstwert: 100'],
    [{ value: 8.1 }, 'Ungültiger Wert'],
    [{ value: '810' }, 'Ungültiger Wert'],
  ])('refuses %j with 400 and stores nothing', async (body, message) => {
    const user = await signUp(app);
    const response = await user.post('/api/vats', body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { value: message } });
    expect(await vats(user)).toHaveLength(3);
  });
});

describe('PATCH /api/vats/:id', () => {
  it('changes an own rate; transactions using it show the new VAT', async () => {
    const user = await signUp(app);
    const rate = await aVatRate(user, { value: 770 });
    const transaction = await aTransaction(user, { amount: 107_700, vatId: rate.id, vatIncluded: true });
    expect(transaction.vatAmount).toBe(7_700);
    const response = await user.patch(`/api/vats/${rate.id}`, { value: 1000 });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ...rate, value: 1000, formattedValue: '10.0%' });
    expect((await user.get(`/api/transactions/${transaction.id}`)).json<Transaction>().vatAmount).toBe(9_790);
  });

  it("refuses a taken value (409), system rates (409) and other organisations' (404)", async () => {
    const { a, b } = await twoTenants(app);
    const first = await aVatRate(a, { value: 100 });
    const second = await aVatRate(a, { value: 200 });
    expect((await a.patch(`/api/vats/${second.id}`, { value: 100 })).statusCode).toBe(409);
    expect((await a.patch(`/api/vats/${second.id}`, { value: 810 })).statusCode).toBe(409);
    expect((await a.patch(`/api/vats/${second.id}`, { value: 200 })).statusCode).toBe(200);
    const standard = await systemRate(a, 810);
    const system = await a.patch(`/api/vats/${standard.id}`, { value: 800 });
    expect(system.statusCode).toBe(409);
    expect(system.json()).toEqual({
      error: 'Vorgegebene Mehrwertsteuern können nicht bearbeitet werden',
      code: 'CONFLICT',
    });
    expect((await b.patch(`/api/vats/${first.id}`, { value: 300 })).statusCode).toBe(404);
    expect((await a.get(`/api/vats/${first.id}`)).json<Vat>().value).toBe(100);
    expect((await a.get(`/api/vats/${standard.id}`)).json<Vat>().value).toBe(810);
  });
});

describe('DELETE /api/vats/:id and GET /api/vats/:id/usage', () => {
  it('counts the transactions using a rate, then deletes it: they lose the rate (204)', async () => {
    const { a, b } = await twoTenants(app);
    const rate = await aVatRate(a, { value: 500 });
    expect((await a.get(`/api/vats/${rate.id}/usage`)).json()).toEqual({ affected: 0 });
    const using = [
      await aTransaction(a, { amount: 10_000, vatId: rate.id }),
      await aTransaction(a, { amount: -10_000, vatId: rate.id }),
    ];
    expect(using.map((transaction) => transaction.vatAmount)).toEqual([500, -500]);
    expect((await a.get(`/api/vats/${rate.id}/usage`)).json()).toEqual({ affected: 2 });
    expect((await b.get(`/api/vats/${rate.id}/usage`)).statusCode).toBe(404);

    const response = await a.delete(`/api/vats/${rate.id}`);
    expect(response.statusCode).toBe(204);
    expect((await a.get(`/api/vats/${rate.id}`)).statusCode).toBe(404);
    for (const transaction of using) {
      const after = (await a.get(`/api/transactions/${transaction.id}`)).json<Transaction>();
      expect(after).toMatchObject({ vat: null, vatAmount: 0, amount: transaction.amount });
    }
  });

  it("counts only the organisation's own transactions on a system rate", async () => {
    const { a, b } = await twoTenants(app);
    const standard = await systemRate(a, 810);
    await aTransaction(a, { vatId: standard.id });
    await aTransaction(b, { vatId: standard.id });
    await aTransaction(b, { vatId: standard.id });
    expect((await a.get(`/api/vats/${standard.id}/usage`)).json()).toEqual({ affected: 1 });
  });

  it("refuses system rates (409) and other organisations' (404)", async () => {
    const { a, b } = await twoTenants(app);
    const standard = await systemRate(a, 810);
    const system = await a.delete(`/api/vats/${standard.id}`);
    expect(system.statusCode).toBe(409);
    expect(system.json()).toEqual({
      error: 'Vorgegebene Mehrwertsteuern können nicht gelöscht werden',
      code: 'CONFLICT',
    });
    const own = await aVatRate(a);
    expect((await b.delete(`/api/vats/${own.id}`)).statusCode).toBe(404);
    expect((await a.get(`/api/vats/${own.id}`)).statusCode).toBe(200);
    expect((await a.get(`/api/vats/${standard.id}`)).statusCode).toBe(200);
  });
});

describe('without a session', () => {
  it.each(['/api/vats', '/api/vats/1', '/api/vats/1/usage'])('%s answers 401 with logout: true', async (url) => {
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'UNAUTHENTICATED', logout: true });
  });
});
