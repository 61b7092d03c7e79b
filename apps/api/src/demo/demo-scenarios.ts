import { addMonthsToMonth, type LeverInput } from '@saldopilot/shared';
import type { DemoContext } from './demo-context.js';

/** The customer the worst case loses: the demo's biggest single monthly mandate (demo-transactions.ts). */
export const DEMO_LOST_CUSTOMER = 'Mandat Muster GmbH (Buchhaltung)';

/**
 * Two scenarios of the demo organisation (docs/scenarios.md "Demo"), so that the Szenarien page
 * shows what it is for at once: a worst case (the biggest monthly mandate lost from next month,
 * every revenue paid 60 days late) and a best case (a new mandate won, a new accountant hired for
 * it). Their levers start in the coming months, counted from the server's today, as the demo's
 * transactions do. Added while the organisation has no scenario yet.
 */
export async function seedDemoScenarios({ services, tenant }: DemoContext): Promise<void> {
  if ((await services.scenarios.list(tenant)).length > 0) return;
  const thisMonth = services.clock.today().slice(0, 7);
  const first = (months: number) => `${addMonthsToMonth(thisMonth, months)}-01`;
  const found = await services.transactions.list(tenant, {
    page: 1,
    limit: 1,
    sortBy: 'name',
    sortOrder: 'ASC',
    search: DEMO_LOST_CUSTOMER,
  });
  const lost = found.data.find((transaction) => transaction.name === DEMO_LOST_CUSTOMER);
  if (!lost) throw new Error(`demo scenarios need the transaction "${DEMO_LOST_CUSTOMER}"`);
  const worst: LeverInput[] = [
    { type: 'customer', action: 'lose', from: first(1), transactionId: lost.id },
    { type: 'delay', days: 60, from: first(1), side: 'revenue' },
  ];
  const best: LeverInput[] = [
    {
      type: 'customer',
      action: 'win',
      from: first(2),
      name: 'Neues Mandat Bau AG (Buchhaltung und Löhne)',
      amount: 14_500_00,
      currencyId: tenant.currencyId,
      categoryId: lost.category.id,
      cycle: 'monthly',
    },
    {
      type: 'hire',
      name: 'Sachbearbeiterin Treuhand',
      from: first(3),
      salary: 7_200_00,
      currencyId: tenant.currencyId,
      birthDate: '1992-04-15',
      payments: 13,
    },
  ];
  await services.scenarios.create(tenant, {
    name: 'Worst Case',
    description: 'Grösstes Monatsmandat verloren, alle Einnahmen 60 Tage später',
    color: '#e03131',
    levers: worst,
  });
  await services.scenarios.create(tenant, {
    name: 'Best Case',
    description: 'Neues Mandat gewonnen und eine Stelle dafür geschaffen',
    color: '#2f9e44',
    levers: best,
  });
}
