import { describe, expect, it } from 'vitest';
import type { TransactionList } from '@saldopilot/shared';
import { TEST_TODAY, useTestApp } from '../test/build-test-app.js';
import { signUp } from '../test/test-client.js';
import { organisationCurrency } from '../test/factories.js';
import type { Tenant } from '../lib/tenant.js';
import { seedDemoTransactions } from './demo-transactions.js';

const app = useTestApp();

async function tenantOfNewUser() {
  const user = await signUp(app);
  const tenant: Tenant = {
    userId: user.user.id,
    organisationId: user.user.currentOrganisationId,
    role: 'owner',
    currencyId: (await organisationCurrency(user)).id,
    seesSalaries: true,
  };
  return { user, tenant };
}

describe('seedDemoTransactions', () => {
  it('creates a year of typical transactions through the services, once', async () => {
    const { user, tenant } = await tenantOfNewUser();
    const created = await seedDemoTransactions(app.deps, tenant, TEST_TODAY);
    expect(created).toBeGreaterThanOrEqual(20);
    const list = (await user.get('/api/transactions?limit=100')).json<TransactionList>();
    expect(list.pagination.totalCount).toBe(created);
    const byName = new Map(list.data.map((transaction) => [transaction.name, transaction]));
    expect(byName.get('Büromiete Zürich')).toMatchObject({
      amount: -480_000,
      type: 'repeating',
      cycle: 'monthly',
      startDate: '2025-12-01',
      category: { name: 'Miete' },
      nextExecutionDate: '2026-12-01',
    });
    expect(byName.get('Mandat Muster GmbH (Buchhaltung)')).toMatchObject({
      amount: 650_000,
      vatAmount: 52_650,
      vatIncluded: false,
      vat: { value: 810 },
    });
    expect(byName.get('Google Ads')).toMatchObject({ category: { name: 'Marketing' }, endDate: '2027-04-30' });
    expect(byName.get('Alte Telefonanlage')?.isDisabled).toBe(true);
    expect(byName.get('Gründungsberatung Café Limmat')?.nextExecutionDate).toBeNull();
    const cyclesUsed = new Set(list.data.map((transaction) => transaction.cycle));
    expect(cyclesUsed).toEqual(new Set(['monthly', 'quarterly', 'yearly', null]));
    expect(list.data.some((transaction) => transaction.amount > 0)).toBe(true);

    expect(await seedDemoTransactions(app.deps, tenant, TEST_TODAY)).toBe(0);
    expect((await user.get('/api/transactions')).json<TransactionList>().pagination.totalCount).toBe(created);
  });

  it.each(['2027-01-31', '2028-02-29', '2026-12-31'])('builds valid dates around %s', async (today) => {
    const { tenant } = await tenantOfNewUser();
    expect(await seedDemoTransactions(app.deps, tenant, today)).toBeGreaterThan(0);
  });
});
