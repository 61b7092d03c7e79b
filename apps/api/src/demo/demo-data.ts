import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.js';
import type { AuthService } from '../modules/auth/auth.service.js';
import type { BankAccountsService } from '../modules/bank-accounts/bank-accounts.service.js';
import type { OrganisationsService } from '../modules/organisations/organisations.service.js';
import type { SessionUsers } from '../modules/auth/session-users.js';
import type { ReferenceService } from '../modules/reference/reference.service.js';
import type { Tenant } from '../lib/tenant.js';
import type { Clock } from '../lib/clock.js';
import type { CategoriesService } from '../modules/categories/categories.service.js';
import type { TransactionsService } from '../modules/transactions/transactions.service.js';
import type { VatsService } from '../modules/vats/vats.service.js';
import { seedDemoBankAccounts } from './demo-bank-accounts.js';
import { seedDemoTransactions } from './demo-transactions.js';
import { seedDemoEmployees } from './demo-employees.js';
import { seedDemoForecast } from './demo-forecast.js';
import type { VatSettingsService } from '../modules/forecasts/vat-settings.service.js';
import type { EmployeesService } from '../modules/employees/employees.service.js';
import type { SalariesService } from '../modules/employees/salaries.service.js';
import type { SalaryCostsService } from '../modules/employees/salary-costs.service.js';
import type { SalaryCostLabelsService } from '../modules/employees/salary-cost-labels.service.js';

export const DEMO_EMAIL = 'demo@saldopilot.ch';
export const DEMO_PASSWORD = 'Demo1234!';
export const DEMO_ORGANISATION = 'Demo Treuhand AG';

// Any constant works; it only has to be the same in every instance and unused elsewhere.
const DEMO_LOCK = 4_711_003;

/** The services the demo data is made through: what a person would use in the app. */
export interface DemoServices {
  database: Database;
  reference: ReferenceService;
  sessionUsers: SessionUsers;
  auth: AuthService;
  organisations: OrganisationsService;
  bankAccounts: BankAccountsService;
  categories: CategoriesService;
  vats: VatsService;
  transactions: TransactionsService;
  employees: EmployeesService;
  salaries: SalariesService;
  salaryCosts: SalaryCostsService;
  salaryCostLabels: SalaryCostLabelsService;
  vatSettings: VatSettingsService;
  clock: Clock;
  log: FastifyBaseLogger;
}

/** What each area's demo function gets: the services, the demo user's tenant, currency ids by code. */
export interface DemoContext {
  services: DemoServices;
  tenant: Tenant;
  currencyId: (code: string) => number;
}

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
  });
}
