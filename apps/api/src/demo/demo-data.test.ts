import { describe, expect, it } from 'vitest';
import type { BankAccountList, TransactionList } from '@saldopilot/shared';
import { buildTestApp, useTestApp } from '../test/build-test-app.js';
import { browser } from '../test/test-client.js';
import { createSessionUsers } from '../modules/organisations/session-users.js';
import { DEMO_EMAIL, DEMO_ORGANISATION, DEMO_PASSWORD, seedDemoData } from './demo-data.js';

const app = useTestApp({ NODE_ENV: 'development' });

async function signInAsDemo(server = app) {
  const client = browser(server);
  const response = await client.post('/api/auth/login', { email: DEMO_EMAIL, password: DEMO_PASSWORD });
  return { client, response };
}

/** What a second start of the server does (with its own, empty session cache). */
function seedAgain() {
  const { database, clock, reference, auth, organisations, bankAccounts, categories, vats, transactions } = app.deps;
  const sessionUsers = createSessionUsers(database.db);
  return seedDemoData({
    ...{ database, clock, reference, sessionUsers, auth, organisations },
    ...{ bankAccounts, categories, vats, transactions, log: app.log },
  });
}

describe('development demo data', () => {
  it('signs in with its documented password into "Demo Treuhand AG"', async () => {
    const { client, response } = await signInAsDemo();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ email: DEMO_EMAIL, name: 'Demo Benutzer', currency: { code: 'CHF' } });
    const organisations = (await client.get('/api/organisations')).json<{ data: { name: string }[] }>();
    expect(organisations.data.map((organisation) => organisation.name)).toEqual([DEMO_ORGANISATION]);
  });

  it('has Swiss business accounts and a euro account, with their total', async () => {
    const { client } = await signInAsDemo();
    const list = (await client.get('/api/bank-accounts')).json<BankAccountList>();
    expect(list.data.map((account) => `${account.name} ${account.currency.code}`)).toEqual([
      'Commerzbank EUR EUR',
      'PostFinance CHF',
      'Sparkonto CHF',
      'UBS Geschäftskonto CHF',
    ]);
    expect(list.total.missingRates).toEqual([]);
    expect(list.total.amount).toBe(list.data.reduce((sum, account) => sum + account.convertedAmount, 0));
  });

  it('is added once however often the server starts', async () => {
    const transactionCount = (await (await signInAsDemo()).client.get('/api/transactions')).json<TransactionList>()
      .pagination.totalCount;
    await seedAgain();
    await seedAgain();
    const { client } = await signInAsDemo();
    expect((await client.get('/api/bank-accounts')).json<BankAccountList>().pagination.totalCount).toBe(4);
    expect((await client.get('/api/organisations')).json<{ data: unknown[] }>().data).toHaveLength(1);
    expect(transactionCount).toBeGreaterThanOrEqual(20);
    expect((await client.get('/api/transactions')).json<TransactionList>().pagination.totalCount).toBe(
      transactionCount,
    );
  });

  it('does not exist outside development', async () => {
    const testServer = await buildTestApp();
    try {
      expect((await signInAsDemo(testServer)).response.statusCode).toBe(401);
    } finally {
      await testServer.close();
    }
  });
});
