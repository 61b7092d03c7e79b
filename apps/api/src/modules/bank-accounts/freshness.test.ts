import { describe, expect, it } from 'vitest';
import { STALE_BALANCE_DAYS, type BankAccountFreshness } from '@saldopilot/shared';
import { useTestApp } from '../../test/build-test-app.js';
import { aBankAccount } from '../../test/factories.js';
import { browser, signUp } from '../../test/test-client.js';
import { twoTenants } from '../../test/tenants.js';

// docs/plan-actual.md "Freshness" (it guards against the Startsaldo rested on balances "Stand per"
// 2007–2023 without a hint). Today of the test app is 2026-11-21; the accounts are synthetic.

const app = useTestApp();

describe('GET /bank-accounts/freshness', () => {
  it('names the balances older than 10 days, the oldest first, in one sentence', async () => {
    const user = await signUp(app);
    expect(STALE_BALANCE_DAYS).toBe(10);
    const fresh = await user.get('/api/bank-accounts/freshness');
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(fresh.json()).toEqual({ staleAfterDays: 10, stale: [], note: null });

    await aBankAccount(user, { name: 'Heute', balanceDate: '2026-11-21' });
    // Exactly 10 days old is still fresh; 11 days is not.
    await aBankAccount(user, { name: 'Zehn Tage', balanceDate: '2026-11-11' });
    const eleven = await aBankAccount(user, { name: 'Elf Tage', balanceDate: '2026-11-10' });
    expect((await user.get('/api/bank-accounts/freshness')).json<BankAccountFreshness>()).toEqual({
      staleAfterDays: 10,
      stale: [{ id: eleven.id, name: 'Elf Tage', balanceDate: '2026-11-10' }],
      note: 'Saldo von Konto Elf Tage zuletzt per 10.11.2026',
    });

    const post = await aBankAccount(user, { name: 'Post', balanceDate: '2023-06-20' });
    const answer = (await user.get('/api/bank-accounts/freshness')).json<BankAccountFreshness>();
    expect(answer.stale.map((account) => account.id)).toEqual([post.id, eleven.id]);
    expect(answer.note).toBe('Saldo von Konto Post zuletzt per 20.06.2023 (und 1 weiteres Konto älter als 10 Tage)');
  });

  it("answers only the caller's organisation, and 401 without a session", async () => {
    const { a, b } = await twoTenants(app);
    await aBankAccount(a, { name: 'Alt', balanceDate: '2020-01-31' });
    expect((await a.get('/api/bank-accounts/freshness')).json<BankAccountFreshness>().stale).toHaveLength(1);
    expect((await b.get('/api/bank-accounts/freshness')).json<BankAccountFreshness>().stale).toEqual([]);
    expect((await browser(app).get('/api/bank-accounts/freshness')).statusCode).toBe(401);
  });
});
