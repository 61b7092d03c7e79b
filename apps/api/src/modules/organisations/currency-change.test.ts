import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { AMOUNT_MAX_CENTS, AMOUNT_OVERFLOW_MESSAGE, type BankAccountList, type Organisation } from '@saldopilot/shared';
import { eurRates } from '../../db/schema/index.js';
import { useTestApp } from '../../test/build-test-app.js';
import { expectFieldError } from '../../test/expectations.js';
import { aBankAccount, aTransaction, currencyId } from '../../test/factories.js';
import { signUp, type SignedInUser } from '../../test/test-client.js';

const app = useTestApp();

/**
 * A currency change keeps every sum exact (ARCHITECTURE.md rule 7): 999'999'999'999.99 CHF are
 * about 2 × 10^18 Rappen in IDR, beyond exact integers. The change is refused with the German 400
 * naming `currencyId`; data made inexact later by new rates, which no write can refuse, answers the
 * same 400 on every read and write that sums it, never a 500.
 */

async function changeCurrency(user: SignedInUser, code: string) {
  return user.patch(`/api/organisations/${user.user.currentOrganisationId}`, {
    currencyId: await currencyId(user, code),
  });
}

async function organisationOf(user: SignedInUser): Promise<Organisation> {
  return (await user.get(`/api/organisations/${user.user.currentOrganisationId}`)).json<Organisation>();
}

/** Every read that converts and sums the organisation's amounts, and a new account (which sums them too). */
async function summingRequests(user: SignedInUser, accountId: number) {
  return {
    list: await user.get('/api/bank-accounts'),
    one: await user.get(`/api/bank-accounts/${accountId}`),
    forecast: await user.get('/api/forecasts?months=60'),
    details: await user.get('/api/forecasts/details?months=60'),
    newAccount: await user.post('/api/bank-accounts', {
      name: 'Kasse',
      amount: 1_00,
      currencyId: await currencyId(user, 'CHF'),
    }),
  };
}

describe('changing the organisation currency', () => {
  it('refuses IDR for 999,999,999,999.99 CHF (400 naming currencyId, nothing stored); every read stays 200', async () => {
    const user = await signUp(app);
    expect((await organisationOf(user)).currency.code).toBe('CHF');
    const account = await aBankAccount(user, { name: 'Tresor', amount: AMOUNT_MAX_CENTS });
    await aTransaction(user, { name: 'Miete', amount: -2_000_00 });

    const refused = await changeCurrency(user, 'IDR');
    expectFieldError(refused, 'currencyId', AMOUNT_OVERFLOW_MESSAGE);
    expect((await organisationOf(user)).currency.code).toBe('CHF');

    const answers = await summingRequests(user, account.id);
    for (const [name, response] of Object.entries(answers)) {
      expect(response.statusCode, `${name}: ${response.body}`).toBe(name === 'newAccount' ? 201 : 200);
    }
    expect(answers.list.json<BankAccountList>().total).toMatchObject({
      amount: AMOUNT_MAX_CENTS,
      currency: 'CHF',
    });

    // A currency in which the sums stay exact is taken, and every member's next request uses it.
    const euro = await changeCurrency(user, 'EUR');
    expect(euro.statusCode, euro.body).toBe(200);
    const list = (await user.get('/api/bank-accounts')).json<BankAccountList>();
    expect(list.total.currency).toBe('EUR');
    expect((await user.get('/api/forecasts')).json<{ currency: string }>().currency).toBe('EUR');
  });

  it('refuses a currency in which only the forecast totals would leave the exact range', async () => {
    const user = await signUp(app);
    // 1'000'000'000.00 CHF of revenue a month: about 2 × 10^15 Rappen in IDR, exact, and so is the
    // account; but five months of it add up beyond 2^53 Rappen.
    await aBankAccount(user, { name: 'Konto', amount: 0 });
    await aTransaction(user, { name: 'Grossauftrag', amount: 1_000_000_000_00 });
    expect((await user.get('/api/forecasts?months=60')).statusCode).toBe(200);
    const refused = await changeCurrency(user, 'IDR');
    expectFieldError(refused, 'currencyId', AMOUNT_OVERFLOW_MESSAGE);
    expect((await organisationOf(user)).currency.code).toBe('CHF');
  });

  it('answers the German 400 on every read and write that sums amounts made inexact by new rates, never a 500', async () => {
    const user = await signUp(app);
    const account = await aBankAccount(user, {
      name: 'Tresor',
      amount: 1_000_000_000_00,
      currencyId: await currencyId(user, 'CHF'),
    });
    // 1'000'000'000.00 CHF are about 2 × 10^15 Rappen in IDR: exact, so the change is taken.
    const changed = await changeCurrency(user, 'IDR');
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await user.get('/api/bank-accounts')).statusCode).toBe(200);

    // The daily rate sync brings a rupiah worth a tenth: the same balance is beyond exact integers.
    const { db } = app.deps.database;
    const [idr] = await db.select().from(eurRates).where(eq(eurRates.currencyCode, 'IDR'));
    await db
      .update(eurRates)
      .set({ rate: sql`${eurRates.rate} * 10` })
      .where(eq(eurRates.currencyCode, 'IDR'));
    await app.deps.rates.refresh({ force: true });
    try {
      for (const [name, response] of Object.entries(await summingRequests(user, account.id))) {
        expect(response.statusCode, `${name}: ${response.body}`).toBe(400);
        expect(response.json(), name).toEqual({ error: AMOUNT_OVERFLOW_MESSAGE, code: 'VALIDATION_FAILED' });
      }
      // The way out: back to a currency in which the sums are exact.
      const back = await changeCurrency(user, 'CHF');
      expect(back.statusCode, back.body).toBe(200);
      for (const [name, response] of Object.entries(await summingRequests(user, account.id))) {
        expect(response.statusCode, `${name}: ${response.body}`).toBe(name === 'newAccount' ? 201 : 200);
      }
    } finally {
      await db.update(eurRates).set({ rate: idr!.rate }).where(eq(eurRates.currencyCode, 'IDR'));
      await app.deps.rates.refresh({ force: true });
    }
  });
});
