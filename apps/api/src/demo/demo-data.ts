import type { Tenant } from '../lib/tenant.js';
import type { DemoContext, DemoServices } from './demo-context.js';
import { seedDemoBankAccounts } from './demo-bank-accounts.js';
import { seedDemoTransactions } from './demo-transactions.js';
import { seedDemoEmployees } from './demo-employees.js';
import { seedDemoForecast } from './demo-forecast.js';
import { seedDemoScenarios } from './demo-scenarios.js';

export const DEMO_EMAIL = 'demo@saldopilot.ch';
export const DEMO_PASSWORD = 'Demo1234!';
export const DEMO_ORGANISATION = 'Demo Treuhand AG';

// Any constant works; it only has to be the same in every instance and unused elsewhere.
const DEMO_LOCK = 4_711_003;

/**
 * Development only: a demo account to sign in with at once (docs/design.md "Running"), "Demo
 * Treuhand AG" with data of every area, all made through the services as a person would make it.
 * One function per area, each adding its rows only while the area is still empty: a database from
 * before an area existed gets that area's demo rows at the next start, and nothing is ever added
 * twice. Instances starting together take turns (a lock), so two cannot both find an area empty.
 */
export async function seedDemoData(services: DemoServices): Promise<void> {
  await services.database.runAlone(DEMO_LOCK, async () => {
    const { userId, created } = await services.auth.ensureAccount({
      email: DEMO_EMAIL,
      name: 'Demo Benutzer',
      password: DEMO_PASSWORD,
    });
    const session = await services.sessionUsers.load(userId);
    if (!session?.organisationId || !session.role || !session.currencyId) {
      services.log.warn('the demo user has no current organisation: no demo data added');
      return;
    }
    const { organisationId, role } = session;
    if (created) await services.organisations.update(userId, organisationId, { name: DEMO_ORGANISATION });
    const tenant: Tenant = { userId, organisationId, role, currencyId: session.currencyId, seesSalaries: true };
    const currencies = services.reference.listCurrencyDefinitions();
    const currencyId = (code: string) => {
      const currency = currencies.find((candidate) => candidate.code === code);
      if (!currency) throw new Error(`demo data needs the currency ${code}`);
      return currency.id;
    };
    const context: DemoContext = { services, tenant, currencyId };
    await seedDemoBankAccounts(context);
    await seedDemoTransactions(services, tenant, services.clock.today());
    await seedDemoEmployees(context);
    await seedDemoForecast(context);
    await seedDemoScenarios(context);
  });
}
