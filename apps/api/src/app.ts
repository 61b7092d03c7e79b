import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import cookie from '@fastify/cookie';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { useGermanValidationMessages } from '@saldopilot/shared';
import type { Config } from './config.js';
import { fixedClock, systemClock, type Clock } from './lib/clock.js';
import type { AppDeps } from './app-deps.js';
import { openDatabase, type AppDatabase, type Database } from './db/client.js';
import { prepareDatabase } from './db/prepare.js';
import { loggerOptions } from './logger.js';
import {
  clientErrorAnswer,
  frameworkErrorAnswer,
  registerApiNotFound,
  registerErrorHandling,
} from './plugins/error-handler.js';
import { appSecurityHeaders, registerSecurity } from './plugins/security.js';
import { ASSETS_PREFIX, registerWeb } from './plugins/web.js';
import { registerAuthentication } from './hooks/authenticate.js';
import { registerCsrfProtection } from './plugins/csrf.js';
import { sessionCookies } from './hooks/session-cookies.js';
import { createRatesService } from './lib/rates/rates-service.js';
import { createMailer } from './lib/mailer/mailer.js';
import { openChangeBus } from './lib/change-bus.js';
import { createRateLimiter, databaseRateLimitStore, type RateLimitStore } from './lib/rate-limiter.js';
import { redisRateLimitStore } from './lib/redis-rate-limit-store.js';
import { fallbackRateLimitStore } from './lib/fallback-rate-limit-store.js';
import { startBackgroundJobs } from './jobs/background-jobs.js';
import { startAfterListen } from './jobs/after-listen.js';
import { DEMO_EMAIL, DEMO_PASSWORD, seedDemoData } from './demo/demo-data.js';
import { createReferenceService } from './modules/reference/reference.service.js';
import { registerReference } from './modules/reference/reference.routes.js';
import { createSessionService } from './modules/auth/session.service.js';
import { createAuthService } from './modules/auth/auth.service.js';
import { registerAuth } from './modules/auth/auth.routes.js';
import { createProfileService } from './modules/profile/profile.service.js';
import { registerProfile } from './modules/profile/profile.routes.js';
import { registerDev } from './modules/dev/outbox.routes.js';
import { createSessionUsers } from './modules/auth/session-users.js';
import { createOrganisationsService } from './modules/organisations/organisations.service.js';
import { createInvitationsService } from './modules/organisations/invitations.service.js';
import { registerOrganisations } from './modules/organisations/organisations.routes.js';
import { createBankAccountsService } from './modules/bank-accounts/bank-accounts.service.js';
import { registerBankAccounts } from './modules/bank-accounts/bank-accounts.routes.js';
import { createBankStatementsService } from './modules/bank-statements/bank-statements.service.js';
import { registerBankStatements } from './modules/bank-statements/bank-statements.routes.js';
import { createBankEntriesService } from './modules/bank-statements/bank-entries.service.js';
import { createStatementReader } from './modules/bank-statements/statement-reader.js';
import { createSignIn } from './hooks/sign-in.js';
import { registerIdempotency } from './plugins/idempotency.js';
import { createCategoriesService } from './modules/categories/categories.service.js';
import { registerCategories } from './modules/categories/categories.routes.js';
import { createVatsService } from './modules/vats/vats.service.js';
import { registerVats } from './modules/vats/vats.routes.js';
import { createScenariosService } from './modules/scenarios/scenarios.service.js';
import { createScenarioCompareService } from './modules/scenarios/scenario-compare.service.js';
import { createScenarioPromoteService } from './modules/scenarios/scenario-promote.service.js';
import { registerScenarios } from './modules/scenarios/scenarios.routes.js';
import { createTransactionsService } from './modules/transactions/transactions.service.js';
import { registerTransactions } from './modules/transactions/transactions.routes.js';
import { registerOpenApi } from './plugins/openapi.js';
import { responseSerializerCompiler } from './plugins/response-serializer.js';
import { createEmployeesService } from './modules/employees/employees.service.js';
import { registerEmployees } from './modules/employees/employees.routes.js';
import { createSalariesService } from './modules/employees/salaries.service.js';
import { createSalaryCostsService } from './modules/employees/salary-costs.service.js';
import { createSalaryCostLabelsService } from './modules/employees/salary-cost-labels.service.js';
import { createForecastsService } from './modules/forecasts/forecasts.service.js';
import { registerForecasts } from './modules/forecasts/forecasts.routes.js';
import { createReportsService } from './modules/reports/reports.service.js';
import { registerReports } from './modules/reports/reports.routes.js';
import { registerPlanActual } from './modules/plan-actual/plan-actual.routes.js';
import { registerRecurring } from './modules/recurring/recurring.routes.js';
import { createRecurringService } from './modules/recurring/recurring.service.js';
import { registerQrBills } from './modules/qr-bills/qr-bills.routes.js';
import { createQrBillsService } from './modules/qr-bills/qr-bills.service.js';
import { createQrReader } from './modules/qr-bills/qr-reader.js';
import { createEventHub } from './modules/events/event-hub.js';
import { createForecastStamps } from './modules/forecasts/forecast-stamps.js';
import { createStreamLeases } from './modules/events/stream-leases.js';
import { registerEvents } from './modules/events/events.routes.js';
import { registerMcp } from './modules/mcp/mcp.routes.js';
import { registerPortfolio } from './modules/portfolio/portfolio.routes.js';
import { createPortfolioService } from './modules/portfolio/portfolio.service.js';
import { createAlertsService } from './modules/portfolio/alerts.service.js';
import { createDigestService } from './modules/portfolio/digest.service.js';
import { registerAlertEvaluation } from './hooks/evaluate-alerts.js';
import { startAlertsJob } from './jobs/alerts-job.js';
import { startSnapshotJob } from './jobs/snapshot-job.js';
import { createPlanAccuracyService } from './modules/plan-actual/plan-accuracy.service.js';
import { createUserNames } from './modules/events/user-names.js';
import { registerWritePublishing } from './hooks/publish-writes.js';
import { registerWriteAudit } from './hooks/audit-writes.js';
import { createBearerAccesses } from './modules/access/bearer-access.js';
import { createAccessService } from './modules/access/access.service.js';
import { registerAccess } from './modules/access/access.routes.js';
import { protectedResourceMetadataUrl } from './modules/oauth/oauth-metadata.js';
import { createOAuthService } from './modules/oauth/oauth.service.js';
import { oauthMetadataRoutes, registerOAuth } from './modules/oauth/oauth.routes.js';
import { createPlanActualService } from './modules/plan-actual/plan-actual.service.js';
import { createForecastExclusionsService } from './modules/forecasts/forecast-exclusions.service.js';
import { createMatchService } from './modules/plan-actual/match.service.js';
import { createDismissalsService } from './modules/plan-actual/dismissals.service.js';
import { createPlanCache } from './modules/plan-actual/plan-cache.js';
import { useStrictJsonBodies } from './plugins/strict-json.js';
import { createVatSettingsService } from './modules/forecasts/vat-settings.service.js';
import { createPaymentCalendarService } from './modules/forecasts/payment-calendar.service.js';
import { ensureFreshSchedules } from './modules/employees/salary-schedules.js';

export type { AppDeps } from './app-deps.js';

export interface BuildAppOptions {
  config: Config;
  /** An open database (tests); otherwise one is opened from the config and closed with the app. */
  database?: Database;
  /** Close the given `database` with the app, after everything that uses it (the change bus's listener). */
  closeDatabase?: boolean;
  clock?: Clock;
  /** Pino options, or false for silence; defaults to the config's logger. */
  logger?: boolean | object;
  /**
   * Run the background jobs: 12-hourly rate sync, mail retries, hourly cleanup, snapshots, alerts (the
   * server does; tests call them). They start a second after the app listens (jobs/after-listen.ts).
   */
  runJobs?: boolean;
  /** More route plugins under /api, behind the same gate (tests probe the gate with them). */
  apiPlugins?: FastifyPluginAsync[];
  /** Test apps: closing fails when a route answered a status its OpenAPI document does not list. */
  checkDocumentedStatuses?: boolean;
  /** Test apps: every answer with a schema is also validated by it (see plugins/response-serializer.ts). */
  checkResponses?: boolean;
}

const BODY_LIMIT = 1024 * 1024;

/** Builds the whole application: used by the server and by every API test. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  useGermanValidationMessages();
  const headers = appSecurityHeaders(config);
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config),
    bodyLimit: BODY_LIMIT,
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors: frameworkErrorAnswer(headers),
    clientErrorHandler: clientErrorAnswer(headers),
  }).withTypeProvider<ZodTypeProvider>();
  // JSON only: a text/plain body gets 415 instead of an opaque validation error.
  app.removeContentTypeParser('text/plain');
  useStrictJsonBodies(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler({ check: options.checkResponses }));

  const clock = options.clock ?? (config.FIXED_TODAY ? fixedClock(config.FIXED_TODAY) : systemClock());
  if (config.FIXED_TODAY) app.log.warn({ today: config.FIXED_TODAY }, 'FIXED_TODAY pins the date of this server');

  const database = options.database ?? (await openConfiguredDatabase(config));
  // onClose hooks run in reverse order: the database closes after the bus and the jobs.
  if (!options.database || options.closeDatabase) app.addHook('onClose', () => database.close());
  await prepareDatabase(database);
  const { db } = database;
  const changes = await openChangeBus(database, {
    log: app.log,
    ...(config.REDIS_URL ? { redis: { url: config.REDIS_URL, keyPrefix: config.REDIS_KEY_PREFIX } } : {}),
  });
  app.addHook('onClose', () => changes.close());

  const rates = createRatesService({
    database,
    clock,
    log: app.log,
    ratesUrl: config.RATES_URL,
    refreshHours: config.RATES_REFRESH_HOURS,
  });
  await rates.ensureRates();
  const mailer = createMailer({
    db,
    clock,
    log: app.log,
    smtpUrl: config.SMTP_URL,
    mailFrom: config.MAIL_FROM,
    logMailText: config.NODE_ENV === 'development',
  });
  // The jobs start after listening (jobs/after-listen.ts): none is needed to serve the first request.
  const stopJobs = options.runJobs
    ? startAfterListen(app, () => startBackgroundJobs({ db, clock, rates, mailer, log: app.log }))
    : () => undefined;
  app.addHook('onClose', async () => {
    stopJobs();
    await mailer.stop();
  });

  const reference = await createReferenceService(db, rates);
  const sessions = createSessionService(db, clock, config.JWT_SECRET, changes);
  const cookies = sessionCookies(config);
  const limiter = createRateLimiter(await openRateLimitStore(app, config, db), clock);
  const sessionUsers = createSessionUsers(db, changes);
  const publicUrl = config.PUBLIC_URL;
  const auth = createAuthService({ db, clock, publicUrl, sessions, mailer, limiter, reference });
  const profile = createProfileService(db, reference, sessions, changes, limiter, auth);
  const bankAccounts = createBankAccountsService({ db, clock, reference, rates });
  // Uploaded bank files are read in worker threads (docs/bank-statements.md "Safe parsing").
  const statementReader = createStatementReader();
  app.addHook('onClose', () => statementReader.close());
  const categories = createCategoriesService(db);
  const bankStatements = createBankStatementsService({ db, reference, bankAccounts, reader: statementReader });
  const bankEntries = createBankEntriesService({ db, reference, bankAccounts, categories });
  const signIn = createSignIn(sessions, cookies, profile);
  const vats = createVatsService(db);
  const transactions = createTransactionsService({ db, clock, reference });
  const employees = createEmployeesService({ db, clock, reference });
  const salaries = createSalariesService({ db, clock, reference });
  const salaryCosts = createSalaryCostsService({ db, clock });
  const salaryCostLabels = createSalaryCostLabelsService({ db });
  const scenarios = createScenariosService({ db, reference });
  const forecastStamps = createForecastStamps({ db, clock, rates, changes });
  const forecasts = createForecastsService({
    ...{ db, clock, rates, reference, ensureFreshSchedules },
    versions: forecastStamps,
    scenarioOverlay: (tenant, id) => scenarios.overlay(tenant, id),
  });
  const scenarioCompare = createScenarioCompareService({ clock, forecasts, forecastStamps, scenarios });
  const scenarioPromote = createScenarioPromoteService({ db, clock, reference, forecasts });
  const forecastExclusions = createForecastExclusionsService({ db, clock });
  // A currency change must leave every sum exact in the new currency (ARCHITECTURE.md rule 7).
  const organisations = createOrganisationsService(db, reference, changes, async (tx, organisationId, currencyId) => {
    await bankAccounts.requireExactTotal(tx, organisationId, currencyId);
    await forecasts.requireExactIn(tx, organisationId, currencyId);
  });
  const invitations = createInvitationsService({
    db,
    clock,
    publicUrl,
    mailer,
    limiter,
    reference,
    organisations,
    changes,
    auth,
    profile,
  });
  const vatSettings = createVatSettingsService({ db, clock });
  const paymentCalendar = createPaymentCalendarService({ db, clock, forecasts });
  // One memory for the three services of plan vs actual (plan-cache.ts).
  const planCache = createPlanCache();
  const planActual = createPlanActualService({ db, clock, rates, reference, forecasts, cache: planCache });
  const planAccuracy = createPlanAccuracyService({ db, clock, reference, forecasts, planActual });
  const stopSnapshots = options.runJobs
    ? startAfterListen(app, () =>
        startSnapshotJob({ planAccuracy, clock }, (error) => app.log.error({ err: error }, 'snapshot job failed')),
      )
    : () => undefined;
  app.addHook('onClose', async () => stopSnapshots());
  const planMatches = createMatchService({
    ...{ db, clock, rates, reference, forecasts },
    ...{ bankAccounts, bankEntries, categories, cache: planCache },
  });
  const occurrenceDismissals = createDismissalsService({ db, clock, forecasts, cache: planCache });
  const recurring = createRecurringService({ db, clock, reference, bankAccounts, transactions, planMatches });
  const qrReader = createQrReader();
  app.addHook('onClose', () => qrReader.close());
  const qrBills = createQrBillsService({ db, clock, reference, transactions, recurring, reader: qrReader });
  const events = createEventHub(changes, createStreamLeases(db, clock));
  const access = createAccessService({ db, clock });
  const bearers = createBearerAccesses(db, clock);
  const oauth = createOAuthService({ db, clock, publicUrl, limiter, allowLoopbackDocuments: !config.isProduction });
  const userNames = createUserNames(db);
  // Open streams would keep the server from closing: they end first (clients reconnect elsewhere).
  app.addHook('preClose', async () => events.closeAll());
  const portfolio = createPortfolioService({
    ...{ db, clock, forecasts, bankAccounts, planActual, occurrenceDismissals },
    onError: (error) => app.log.error({ err: error }, 'an Übersicht row could not be computed'),
  });
  const reports = createReportsService({
    clock,
    forecasts,
    organisations,
    profile,
    transactions,
    bankAccounts,
    employees,
    bankEntries,
    planActual,
    planAccuracy,
    scenarioCompare,
    portfolio,
  });
  const alerts = createAlertsService({ db, clock, mailer, publicUrl, portfolio });
  const digest = createDigestService({ db, clock, mailer, publicUrl, portfolio });
  const stopAlertsJob = options.runJobs
    ? startAfterListen(app, () =>
        startAlertsJob({ alerts, digest, clock }, (error) => app.log.error({ err: error }, 'alerts job failed')),
      )
    : () => undefined;
  const stopAlerts = () => {
    stopAlertsJob();
    alerts.stop();
  };
  app.addHook('onClose', async () => {
    stopAlerts();
    await alerts.settled();
    portfolio.stop();
    await portfolio.settled();
  });
  const deps: AppDeps = {
    ...{ config, database, clock, changes, rates, reference, mailer, sessions, sessionUsers, cookies },
    ...{ auth, profile, organisations, invitations, bankAccounts, bankStatements, bankEntries, signIn },
    ...{ categories, vats, transactions },
    ...{ employees, salaries, salaryCosts, salaryCostLabels },
    ...{
      forecasts,
      forecastExclusions,
      vatSettings,
      paymentCalendar,
      reports,
      planActual,
      planAccuracy,
      planMatches,
      occurrenceDismissals,
    },
    ...{ recurring, qrBills, events, access, oauth, forecastStamps, portfolio, alerts, digest },
    ...{ scenarios, scenarioCompare, scenarioPromote },
  };
  app.decorate('deps', deps);
  // Above the modules: the demo account is made through the services, as a person would make it.
  if (config.NODE_ENV === 'development') await seedDemoData({ ...deps, log: app.log });

  registerErrorHandling(app);
  await registerSecurity(app, headers, ASSETS_PREFIX);
  await app.register(cookie);
  await registerOpenApi(app, { checkStatuses: options.checkDocumentedStatuses });
  await app.register(
    async (api) => {
      registerApiNotFound(api);
      registerCsrfProtection(api, config.PUBLIC_URL, cookies);
      registerAuthentication(api, sessions, cookies, sessionUsers, bearers, protectedResourceMetadataUrl(publicUrl));
      registerIdempotency(api, db, clock);
      registerWritePublishing(api, events, userNames, forecastStamps);
      registerWriteAudit(api, access, userNames);
      registerAlertEvaluation(api, alerts);
      // Signed-in only, like every endpoint outside /api/auth, /api/health and /api/global/time.
      api.get('/docs', { schema: { hide: true } }, async () => app.swagger());
      // One call per area (each module's routes file); the routes read their services from app.deps.
      await registerReference(api);
      await registerAuth(api);
      await registerProfile(api);
      await registerOrganisations(api);
      await registerBankAccounts(api);
      await registerBankStatements(api);
      await registerCategories(api);
      await registerVats(api);
      await registerTransactions(api);
      await registerEmployees(api);
      await registerForecasts(api);
      await registerScenarios(api);
      await registerReports(api);
      await registerPlanActual(api);
      await registerRecurring(api);
      await registerQrBills(api);
      await registerEvents(api);
      await registerAccess(api);
      await registerOAuth(api);
      await registerMcp(api);
      await registerPortfolio(api);
      for (const plugin of options.apiPlugins ?? []) await api.register(plugin);
      if (!config.isProduction) await registerDev(api);
    },
    { prefix: '/api' },
  );
  registerApiNotFound(app);
  await app.register(oauthMetadataRoutes);
  await registerWeb(app, config, {
    // Development only, where the demo account exists (docs/web.md "Session").
    ...(config.NODE_ENV === 'development' ? { demoAccount: { email: DEMO_EMAIL, password: DEMO_PASSWORD } } : {}),
  });
  return app;
}

/**
 * Redis when REDIS_URL is set (closed with the app), else the database's own counter table. While
 * Redis cannot be reached, at start or later, the database counts instead: one warning per outage,
 * one note when Redis answers again (docs/api.md "Sessions, roles, protection").
 */
async function openRateLimitStore(app: FastifyInstance, config: Config, db: AppDatabase): Promise<RateLimitStore> {
  const database = databaseRateLimitStore(db);
  if (!config.REDIS_URL) return database;
  const redis = await redisRateLimitStore(config.REDIS_URL, config.REDIS_KEY_PREFIX, {
    onAvailability(available, error) {
      if (available) app.log.info('Redis (REDIS_URL) answers again: rate limits are counted in Redis');
      else
        app.log.warn(
          { err: error },
          'Redis (REDIS_URL) is unreachable: rate limits are counted in the database until it answers',
        );
    },
  });
  app.addHook('onClose', () => redis.close());
  return fallbackRateLimitStore(redis, database);
}

/** A hop count means: trust the nearest n proxies (Fastify's typing wants it as a function). */
function trustProxyOption(setting: Config['TRUST_PROXY']) {
  return typeof setting === 'number' ? (_address: string, hop: number) => hop < setting : setting;
}

function openConfiguredDatabase(config: Config): Promise<Database> {
  return config.DATABASE_URL
    ? openDatabase({ kind: 'postgres', url: config.DATABASE_URL })
    : openDatabase({ kind: 'pglite', dataDir: `${config.DATA_DIR}/pglite` });
}
