import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import type { Tenant } from '../lib/tenant.js';

/** The services the demo data is made through, what a person would use in the app: app.deps's, by name. */
export type DemoServices = Pick<
  AppDeps,
  | 'database'
  | 'clock'
  | 'reference'
  | 'sessionUsers'
  | 'auth'
  | 'organisations'
  | 'bankAccounts'
  | 'categories'
  | 'vats'
  | 'transactions'
  | 'employees'
  | 'salaries'
  | 'salaryCosts'
  | 'salaryCostLabels'
  | 'vatSettings'
  | 'scenarios'
  | 'paymentCalendar'
> & { log: FastifyBaseLogger };

/** What each area's demo function gets: the services, the demo user's tenant, currency ids by code. */
export interface DemoContext {
  services: DemoServices;
  tenant: Tenant;
  currencyId: (code: string) => number;
}
