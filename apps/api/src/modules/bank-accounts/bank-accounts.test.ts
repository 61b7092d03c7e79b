import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { AMOUNT_MAX_CENTS, convertToBase, type BankAccount, type BankAccountList } from '@saldopilot/shared';
import { eurRates } from '../../db/schema/index.js';
import { TEST_TODAY, useTestApp } from '../../test/build-test-app.js';
import { aBankAccount, currencyId } from '../../test/factories.js';
import { EXACT_LARGEST_BALANCES, fillWithLargestBalances } from '../../test/largest-balances.js';
import { browser, signUp, type SignedInUser } from '../../test/test-client.js';
import { addMember, twoTenants } from '../../test/tenants.js';

const app = useTestApp();

async function list(user: SignedInUser, query = ''): Promise<BankAccountList> {
  const response = await user.get(`/api/bank-accounts${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<BankAccountList>();
}

/** What the server must answer for an amount in `code`, converted into CHF with its own rates. */
function inChf(cents: number, code: string): number {
  return convertToBase(cents, app.deps.rates.rateTable('CHF')?.[code]);
}

describe('bank accounts', () => {
  it('creates, reads, lists, changes and deletes an account', async () => {
    const user = await signUp(app);
    const chf = await currencyId(user, 'CHF');
    const created = await user.post('/api/bank-accounts', {
      name: '  UBS Geschäftskonto ',
      amount: 1_234_50,
      currencyId: chf,
    });
    expect(created.statusCode).toBe(201);
    const account = created.json<BankAccount>();
    expect(account).toEqual({
      id: expect.any(Number),
      name: 'UBS Geschäftskonto',
      amount: 1_234_50,
      currency: { id: chf, code: 'CHF', description: expect.any(String), localeCode: 'de-CH' },
      balanceDate: TEST_TODAY,
      convertedAmount: 1_234_50,
      iban: null,
      accountNumber: null,
    });

    expect((await user.get(`/api/bank-accounts/${account.id}`)).json()).toEqual(account);
    expect(await list(user)).toEqual({
      data: [account],
      pagination: { currentPage: 1, limit: 20, totalCount: 1, totalPages: 1, totalRemaining: 0 },
      total: { amount: 1_234_50, currency: 'CHF', missingRates: [] },
    });

    const renamed = await user.patch(`/api/bank-accounts/${account.id}`, { name: 'UBS Konto' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toEqual({ ...account, name: 'UBS Konto' });

    const deleted = await user.delete(`/api/bank-accounts/${account.id}`);
    expect(deleted.statusCode).toBe(204);
    expect(deleted.body).toBe('');
    const gone = await user.get(`/api/bank-accounts/${account.id}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ error: 'Das Bankkonto wurde nicht gefunden.', code: 'NOT_FOUND' });
    expect((await user.delete(`/api/bank-accounts/${account.id}`)).statusCode).toBe(404);
    expect((await list(user)).total).toEqual({ amount: 0, currency: 'CHF', missingRates: [] });
  });

  it('allows 0 and negative balances, and a "Stand per" of its own', async () => {
    const user = await signUp(app);
    const empty = await aBankAccount(user, { name: 'Sparkonto', amount: 0 });
    const overdrawn = await aBankAccount(user, { name: 'Kontokorrent', amount: -5_000_00, balanceDate: '2026-10-31' });
    expect(empty).toMatchObject({ amount: 0, convertedAmount: 0, balanceDate: TEST_TODAY });
    expect(overdrawn).toMatchObject({ amount: -5_000_00, convertedAmount: -5_000_00, balanceDate: '2026-10-31' });
    expect((await list(user)).total.amount).toBe(-5_000_00);
  });

  it('dates a changed balance today unless a date is given; an unchanged one keeps its date', async () => {
    const user = await signUp(app);
    const account = await aBankAccount(user, { amount: 100_00, balanceDate: '2026-01-31' });
    const url = `/api/bank-accounts/${account.id}`;

    const sameAmount = await user.patch(url, { amount: 100_00, name: 'Gleich' });
    expect(sameAmount.json()).toMatchObject({ amount: 100_00, balanceDate: '2026-01-31' });
    const newAmount = await user.patch(url, { amount: 250_00 });
    expect(newAmount.json()).toMatchObject({ amount: 250_00, balanceDate: TEST_TODAY, name: 'Gleich' });
    const dated = await user.patch(url, { amount: -10_00, balanceDate: '2026-11-01' });
    expect(dated.json()).toMatchObject({ amount: -10_00, balanceDate: '2026-11-01' });
    const onlyDate = await user.patch(url, { balanceDate: '2026-11-15' });
    expect(onlyDate.json()).toMatchObject({ amount: -10_00, balanceDate: '2026-11-15' });
  });

  it('converts foreign balances into the organisation currency, each rounded once', async () => {
    const user = await signUp(app);
    const eur = await currencyId(user, 'EUR');
    const usd = await currencyId(user, 'USD');
    await aBankAccount(user, { name: 'CHF', amount: 1_000_00 });
    const euro = await aBankAccount(user, { name: 'EUR', amount: 3_333_33, currencyId: eur });
    const dollar = await aBankAccount(user, { name: 'USD', amount: -777_77, currencyId: usd });
    expect(euro.convertedAmount).toBe(inChf(3_333_33, 'EUR'));
    expect(euro.convertedAmount).not.toBe(3_333_33);
    expect(dollar.convertedAmount).toBe(inChf(-777_77, 'USD'));
    const { total } = await list(user);
    expect(total).toEqual({
      amount: 1_000_00 + inChf(3_333_33, 'EUR') + inChf(-777_77, 'USD'),
      currency: 'CHF',
      missingRates: [],
    });
  });

  it('refuses a balance after which Total Bankguthaben is too large to be exact (400 German, nothing stored)', async () => {
    const user = await signUp(app);
    const chf = await currencyId(user, 'CHF');
    await fillWithLargestBalances(app, user);
    const small = await aBankAccount(user, { name: 'Kasse', amount: 0 });
    const tooMuch = 'Die Beträge ergeben zusammen eine zu grosse Summe, um sie auf den Rappen genau zu berechnen.';
    for (const refused of [
      await user.post('/api/bank-accounts', { name: 'Noch eines', amount: AMOUNT_MAX_CENTS, currencyId: chf }),
      await user.patch(`/api/bank-accounts/${small.id}`, { amount: AMOUNT_MAX_CENTS }),
    ]) {
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json()).toMatchObject({ error: expect.stringContaining(tooMuch), code: 'VALIDATION_FAILED' });
    }
    const { pagination, total } = await list(user);
    expect(pagination.totalCount).toBe(EXACT_LARGEST_BALANCES + 1);
    expect(total.amount).toBe(EXACT_LARGEST_BALANCES * AMOUNT_MAX_CENTS);
    expect((await user.get(`/api/bank-accounts/${small.id}`)).json<BankAccount>().amount).toBe(0);
  });

  it('counts a currency without a stored rate 1:1 and names it', async () => {
    const user = await signUp(app);
    await aBankAccount(user, { name: 'Reykjavik', amount: 50_000_00, currencyId: await currencyId(user, 'ISK') });
    await aBankAccount(user, { name: 'Zürich', amount: 1_00 });
    // The stored table loses ISK, as if the source had never had it; a failed refresh (no network
    // in tests) still reloads what is stored.
    await app.deps.database.db.delete(eurRates).where(eq(eurRates.currencyCode, 'ISK'));
    await app.deps.rates.refresh({ force: true });
    try {
      const { data, total } = await list(user);
      expect(data.find((account) => account.name === 'Reykjavik')?.convertedAmount).toBe(50_000_00);
      expect(total).toEqual({ amount: 50_001_00, currency: 'CHF', missingRates: ['ISK'] });
    } finally {
      await app.deps.rates.ensureRates();
    }
  });

  it('sorts by name (whatever the case) or balance, searches names, pages; the total covers every account', async () => {
    const user = await signUp(app);
    for (const [name, amount] of [
      ['postFinance', 300_00],
      ['UBS Geschäftskonto', 1_000_00],
      ['Sparkonto 100%', -50_00],
      ['Raiffeisen', 0],
    ] as const) {
      await aBankAccount(user, { name, amount });
    }
    const names = (page: BankAccountList) => page.data.map((account) => account.name);
    expect(names(await list(user))).toEqual(['postFinance', 'Raiffeisen', 'Sparkonto 100%', 'UBS Geschäftskonto']);
    // German order: "Ö" sorts with "O", not after "Z" as in byte order.
    const oerlikon = await aBankAccount(user, { name: 'O\u0308konto Oerlikon', amount: 0 });
    expect(names(await list(user))).toEqual([
      'Ökonto Oerlikon',
      'postFinance',
      'Raiffeisen',
      'Sparkonto 100%',
      'UBS Geschäftskonto',
    ]);
    expect(oerlikon.name).toBe('Ökonto Oerlikon');
    expect((await user.delete(`/api/bank-accounts/${oerlikon.id}`)).statusCode).toBe(204);
    expect(names(await list(user, '?sortOrder=DESC'))).toEqual([
      'UBS Geschäftskonto',
      'Sparkonto 100%',
      'Raiffeisen',
      'postFinance',
    ]);
    expect(names(await list(user, '?sortBy=amount'))).toEqual([
      'Sparkonto 100%',
      'Raiffeisen',
      'postFinance',
      'UBS Geschäftskonto',
    ]);

    const searched = await list(user, `?search=${encodeURIComponent('  KONTO ')}`);
    expect(names(searched)).toEqual(['Sparkonto 100%', 'UBS Geschäftskonto']);
    expect(searched.pagination.totalCount).toBe(2);
    expect(searched.total.amount).toBe(1_250_00);
    // % is a character the user typed, not a wildcard.
    expect(names(await list(user, `?search=${encodeURIComponent('0%')}`))).toEqual(['Sparkonto 100%']);
    expect(names(await list(user, `?search=${encodeURIComponent('_')}`))).toEqual([]);
    // "ä" typed as a + combining diaeresis finds the "ä" stored, and a name sent so is stored composed.
    expect(names(await list(user, `?search=${encodeURIComponent('Gescha\u0308fts')}`))).toEqual(['UBS Geschäftskonto']);

    const second = await list(user, '?page=2&limit=3');
    expect(names(second)).toEqual(['UBS Geschäftskonto']);
    expect(second.pagination).toEqual({ currentPage: 2, limit: 3, totalCount: 4, totalPages: 2, totalRemaining: 0 });
    expect(second.total.amount).toBe(1_250_00);
    const beyond = await list(user, '?page=5&limit=3');
    expect(beyond.data).toEqual([]);
    expect(beyond.pagination.totalCount).toBe(4);
    expect(beyond.total.amount).toBe(1_250_00);
  });

  it.each([
    [{ amount: 1_00, currencyId: 1 }, 'name', 'Name wird benötigt'],
    [{ name: '   ', amount: 1_00, currencyId: 1 }, 'name', 'Name wird benötigt'],
    [{ name: '\u200b\u200d', amount: 1_00, currencyId: 1 }, 'name', 'Name wird benötigt'],
    [{ name: 'x'.repeat(101), amount: 1_00, currencyId: 1 }, 'name', 'Höchstens 100 Zeichen erlaubt'],
    [{ name: 'Konto', currencyId: 1 }, 'amount', 'Betrag wird benötigt'],
    [{ name: 'Konto', amount: 12.5, currencyId: 1 }, 'amount', 'Ungültiger Betrag'],
    [{ name: 'Konto', amount: '100', currencyId: 1 }, 'amount', 'Ungültiger Betrag'],
    [
      { name: 'Konto', amount: 100_000_000_000_000, currencyId: 1 },
      'amount',
      "Der Betrag darf höchstens 999'999'999'999.99 sein",
    ],
    [{ name: 'Konto', amount: 1_00 }, 'currencyId', 'Währung wird benötigt'],
    [{ name: 'Konto', amount: 1_00, currencyId: 'CHF' }, 'currencyId', 'Ungültige Währung'],
    [{ name: 'Konto', amount: 1_00, currencyId: 999_999 }, 'currencyId', 'Ungültige Währung'],
    [{ name: 'Konto', amount: 1_00, currencyId: 1, balanceDate: '2026-02-30' }, 'balanceDate', 'Ungültiger Datumswert'],
    [{ name: 'Konto', amount: 1_00, currencyId: 1, organisationId: 1 }, 'organisationId', expect.any(String)],
  ])('refuses %j with a German 400 naming %s, storing nothing', async (body, field, message) => {
    const user = await signUp(app);
    const response = await user.post('/api/bank-accounts', body);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { [field]: message } });
    expect((await list(user)).pagination.totalCount).toBe(0);
  });

  it('refuses a change without fields or with an unknown currency, changing nothing', async () => {
    const user = await signUp(app);
    const account = await aBankAccount(user);
    const url = `/api/bank-accounts/${account.id}`;
    expect((await user.patch(url, {})).statusCode).toBe(400);
    const unknown = await user.patch(url, { name: 'Neu', currencyId: 999_999 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ fields: { currencyId: 'Ungültige Währung' } });
    expect((await user.patch(url, { amount: null })).statusCode).toBe(400);
    expect((await user.get(url)).json()).toEqual(account);
  });

  it.each(['?sortBy=currency', '?sortOrder=UP', '?limit=0', '?limit=101', '?page=0', '?organisationId=1'])(
    'refuses the list query %s with 400',
    async (query) => {
      const user = await signUp(app);
      const response = await user.get(`/api/bank-accounts${query}`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    },
  );

  it('names an unknown parameter even when it is called __proto__', async () => {
    const user = await signUp(app);
    const response = await user.get('/api/bank-accounts?__proto__=1');
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json<{ fields: object }>().fields)).toEqual(['__proto__']);
  });

  it("keeps organisations apart: another organisation's account is 404 and never in the list", async () => {
    const { a, b } = await twoTenants(app);
    const account = await aBankAccount(a, { amount: 9_999_00 });
    for (const response of [
      await b.get(`/api/bank-accounts/${account.id}`),
      await b.patch(`/api/bank-accounts/${account.id}`, { name: 'Übernommen' }),
      await b.delete(`/api/bank-accounts/${account.id}`),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: 'Das Bankkonto wurde nicht gefunden.', code: 'NOT_FOUND' });
    }
    expect((await list(b)).data).toEqual([]);
    expect((await list(b)).total.amount).toBe(0);
    expect((await a.get(`/api/bank-accounts/${account.id}`)).json()).toEqual(account);
  });

  it('lets read-only members read but not write', async () => {
    const owner = await signUp(app);
    const account = await aBankAccount(owner);
    const reader = await addMember(app, owner, owner.user.currentOrganisationId, 'read-only');
    expect((await list(reader)).data).toEqual([account]);
    for (const response of [
      await reader.post('/api/bank-accounts', { name: 'Neu', amount: 1, currencyId: account.currency.id }),
      await reader.patch(`/api/bank-accounts/${account.id}`, { name: 'Neu' }),
      await reader.delete(`/api/bank-accounts/${account.id}`),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ error: 'Ihre Rolle erlaubt diese Aktion nicht.', code: 'FORBIDDEN' });
    }
    const editor = await addMember(app, owner, owner.user.currentOrganisationId, 'editor');
    expect((await editor.patch(`/api/bank-accounts/${account.id}`, { name: 'Vom Editor' })).statusCode).toBe(200);
  });

  it('answers 401 with logout without a session', async () => {
    const stranger = browser(app);
    for (const response of [
      await stranger.get('/api/bank-accounts'),
      await stranger.get('/api/bank-accounts/1'),
      await stranger.post('/api/bank-accounts', { name: 'Konto', amount: 1, currencyId: 1 }),
    ]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: 'UNAUTHENTICATED', logout: true });
    }
  });
});
