import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Tenant } from '../lib/tenant.js';
import { useTestApp } from '../test/build-test-app.js';
import { aCategory, anEmployee, aSalary, organisationCurrency } from '../test/factories.js';
import { signUp, type SignedInUser } from '../test/test-client.js';

// Issue 42, outside probe 6: during a PostgreSQL restart a create was committed and then answered
// 503, because the created row was read back after the transaction, on a connection that was gone;
// a retry without Idempotency-Key then created it twice. A create answers from inside its
// transaction (docs/api.md "Writes"). The restart is stood in for by the one thing it does at that
// moment: every statement outside a transaction fails. Both drivers send a transaction's
// statements through a client of its own (PGlite's transaction, a pool connection on PostgreSQL),
// so failing the driver's own `query` (PGlite's, the pool's) fails exactly those (an injected failure: nothing else can stop the database between
// commit and answer from inside one process).

const app = useTestApp();

function driverClient(target: FastifyInstance): { query: (...args: unknown[]) => unknown } {
  return (target.deps.database.db as unknown as { session: { client: { query: (...args: unknown[]) => unknown } } })
    .session.client;
}

/** Runs `work` while every statement outside a transaction fails as on a restarting database. */
async function withDatabaseGoneOutsideTransactions<T>(work: () => Promise<T>): Promise<T> {
  const spy = vi.spyOn(driverClient(app), 'query').mockImplementation(() => {
    throw Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
  });
  try {
    return await work();
  } finally {
    spy.mockRestore();
  }
}

async function tenantOf(user: SignedInUser): Promise<Tenant> {
  return {
    userId: user.user.id,
    organisationId: user.user.currentOrganisationId,
    role: 'owner',
    currencyId: (await organisationCurrency(user)).id,
    seesSalaries: true,
  };
}

describe('a create answers from inside its transaction', () => {
  it('is not refused after its commit when the database goes away (transactions, categories, VAT rates, employees, salaries, salary costs, organisations)', async () => {
    const user = await signUp(app);
    const tenant = await tenantOf(user);
    const category = await aCategory(user);
    const employee = await anEmployee(user);
    const salary = await aSalary(user, employee.id);
    const { deps } = app;

    // The stand-in works on this driver: a statement outside a transaction fails.
    await expect(withDatabaseGoneOutsideTransactions(() => deps.database.db.execute(sql`select 1`))).rejects.toThrow();

    const created = await withDatabaseGoneOutsideTransactions(async () => ({
      transaction: await deps.transactions.create(tenant, {
        name: 'Miete',
        amount: -250_000,
        type: 'single',
        startDate: '2027-01-01',
        categoryId: category.id,
        currencyId: tenant.currencyId,
      }),
      category: await deps.categories.create(tenant, { name: 'Neue Kategorie' }),
      vat: await deps.vats.create(tenant, { value: 3_300 }),
      employee: await deps.employees.create(tenant, { name: 'Neu Angestellt' }),
      salary: await deps.salaries.create(tenant, employee.id, {
        fromDate: '2028-01-01',
        amount: 700_000,
        hoursPerMonth: 180,
        cycle: 'monthly',
        currencyId: tenant.currencyId,
        vacationDaysPerYear: 25,
      }),
      cost: await deps.salaryCosts.create(tenant, salary.id, {
        cycle: 'monthly',
        amountType: 'percentage',
        amount: 5_300,
        distributionType: 'both',
        relativeOffset: 1,
      }),
      organisation: await deps.organisations.create(user.user.id, { name: 'Zweite AG', currencyId: tenant.currencyId }),
    }));

    // Each answer is the stored row as a read answers it.
    expect((await user.get(`/api/transactions/${created.transaction.id}`)).json()).toEqual(created.transaction);
    expect(created.category).toMatchObject({ name: 'Neue Kategorie' });
    expect(created.vat).toMatchObject({ value: 3_300 });
    expect((await user.get(`/api/employees/${created.employee.id}`)).json()).toEqual(created.employee);
    expect(created.salary).toMatchObject({ fromDate: '2028-01-01', amount: 700_000 });
    expect(created.cost).toMatchObject({ amount: 5_300 });
    expect(created.organisation).toMatchObject({ name: 'Zweite AG' });
  });
});
