import type { Config } from './config.js';
import type { Clock } from './lib/clock.js';
import type { Database } from './db/client.js';
import type { RatesService } from './lib/rates/rates-service.js';
import type { Mailer } from './lib/mailer/mailer.js';
import type { ChangeBus } from './lib/change-bus.js';
import type { SessionCookies } from './hooks/session-cookies.js';
import type { SignIn } from './hooks/sign-in.js';
import type { ReferenceService } from './modules/reference/reference.service.js';
import type { SessionService } from './modules/auth/session.service.js';
import type { SessionUsers } from './modules/auth/session-users.js';
import type { AuthService } from './modules/auth/auth.service.js';
import type { ProfileService } from './modules/profile/profile.service.js';
import type { OrganisationsService } from './modules/organisations/organisations.service.js';
import type { InvitationsService } from './modules/organisations/invitations.service.js';
import type { BankAccountsService } from './modules/bank-accounts/bank-accounts.service.js';
import type { BankStatementsService } from './modules/bank-statements/bank-statements.service.js';
import type { BankEntriesService } from './modules/bank-statements/bank-entries.service.js';
import type { CategoriesService } from './modules/categories/categories.service.js';
import type { VatsService } from './modules/vats/vats.service.js';
import type { ScenariosService } from './modules/scenarios/scenarios.service.js';
import type { ScenarioCompareService } from './modules/scenarios/scenario-compare.service.js';
import type { ScenarioPromoteService } from './modules/scenarios/scenario-promote.service.js';
import type { TransactionsService } from './modules/transactions/transactions.service.js';
import type { EmployeesService } from './modules/employees/employees.service.js';
import type { SalariesService } from './modules/employees/salaries.service.js';
import type { SalaryCostsService } from './modules/employees/salary-costs.service.js';
import type { SalaryCostLabelsService } from './modules/employees/salary-cost-labels.service.js';
import type { ForecastsService } from './modules/forecasts/forecasts.service.js';
import type { ForecastStamps } from './modules/forecasts/forecast-stamps.js';
import type { ForecastExclusionsService } from './modules/forecasts/forecast-exclusions.service.js';
import type { VatSettingsService } from './modules/forecasts/vat-settings.service.js';
import type { PaymentCalendarService } from './modules/forecasts/payment-calendar.service.js';
import type { ReportsService } from './modules/reports/reports.service.js';
import type { PlanActualService } from './modules/plan-actual/plan-actual.service.js';
import type { PlanAccuracyService } from './modules/plan-actual/plan-accuracy.service.js';
import type { MatchService } from './modules/plan-actual/match.service.js';
import type { RecurringService } from './modules/recurring/recurring.service.js';
import type { QrBillsService } from './modules/qr-bills/qr-bills.service.js';
import type { DismissalsService } from './modules/plan-actual/dismissals.service.js';
import type { EventHub } from './modules/events/event-hub.js';
import type { AccessService } from './modules/access/access.service.js';
import type { OAuthService } from './modules/oauth/oauth.service.js';
import type { PortfolioService } from './modules/portfolio/portfolio.service.js';
import type { AlertsService } from './modules/portfolio/alerts.service.js';
import type { DigestService } from './modules/portfolio/digest.service.js';

/**
 * Everything app.ts builds once: the infrastructure and the services. Routes read it as `app.deps`;
 * the demo data (demo/demo-context.ts) and the tests pick from the same list.
 */
export interface AppDeps {
  config: Config;
  database: Database;
  clock: Clock;
  /** Committed changes between the instances (session caches; later the realtime stream). */
  changes: ChangeBus;
  rates: RatesService;
  reference: ReferenceService;
  mailer: Mailer;
  sessions: SessionService;
  /** Who is calling, cached per instance (the gate, the demo data). */
  sessionUsers: SessionUsers;
  cookies: SessionCookies;
  auth: AuthService;
  profile: ProfileService;
  organisations: OrganisationsService;
  invitations: InvitationsService;
  bankAccounts: BankAccountsService;
  bankStatements: BankStatementsService;
  bankEntries: BankEntriesService;
  signIn: SignIn;
  categories: CategoriesService;
  vats: VatsService;
  transactions: TransactionsService;
  employees: EmployeesService;
  salaries: SalariesService;
  salaryCosts: SalaryCostsService;
  salaryCostLabels: SalaryCostLabelsService;
  forecasts: ForecastsService;
  /** The organisations' stamps: the ETags of the computed answers (docs/realtime.md "Stamps and ETags"). */
  forecastStamps: ForecastStamps;
  forecastExclusions: ForecastExclusionsService;
  vatSettings: VatSettingsService;
  paymentCalendar: PaymentCalendarService;
  scenarios: ScenariosService;
  scenarioCompare: ScenarioCompareService;
  scenarioPromote: ScenarioPromoteService;
  reports: ReportsService;
  planActual: PlanActualService;
  planAccuracy: PlanAccuracyService;
  planMatches: MatchService;
  recurring: RecurringService;
  qrBills: QrBillsService;
  occurrenceDismissals: DismissalsService;
  /** The realtime hub: the open event streams of this instance (docs/realtime.md). */
  events: EventHub;
  /** Personal API tokens, assistant connections, the audit log (docs/access.md). */
  access: AccessService;
  /** The OAuth 2.1 authorization server for assistants (docs/access.md "OAuth"). */
  oauth: OAuthService;
  /** The Übersicht over the user's organisations (docs/cockpit.md). */
  portfolio: PortfolioService;
  /** The cockpit's alerts and "Hinweise" (docs/cockpit.md "Alerts"). */
  alerts: AlertsService;
  /** The weekly digest (docs/cockpit.md "Weekly digest"). */
  digest: DigestService;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}
