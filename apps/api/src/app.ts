import Fastify, { type FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { useGermanValidationMessages } from '@saldopilot/shared';
import type { Config } from './config.js';
import { fixedClock, systemClock, type Clock } from './lib/clock.js';
import { openDatabase, type Database } from './db/client.js';
import { migrateDatabase } from './db/migrate.js';
import { seedReferenceData } from './db/seed.js';
import { loggerOptions } from './logger.js';
import { registerApiNotFound, registerErrorHandling } from './plugins/error-handler.js';
import { registerSecurity } from './plugins/security.js';
import { registerWeb } from './plugins/web.js';
import { createRatesService, type RatesService } from './lib/rates/rates-service.js';
import { createReferenceService, type ReferenceService } from './modules/reference/reference.service.js';
import { referenceRoutes } from './modules/reference/reference.routes.js';

export interface AppDeps {
  config: Config;
  database: Database;
  clock: Clock;
  rates: RatesService;
  reference: ReferenceService;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}

export interface BuildAppOptions {
  config: Config;
  /** An open database (tests); otherwise one is opened from the config and closed with the app. */
  database?: Database;
  clock?: Clock;
  /** Pino options, or false for silence; defaults to the config's logger. */
  logger?: boolean | object;
  /** Run the 12-hourly exchange-rate sync (the server does; tests call refresh themselves). */
  syncRates?: boolean;
}

const BODY_LIMIT = 1024 * 1024;

/** Builds the whole application: used by the server and by every API test. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  useGermanValidationMessages();
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config),
    bodyLimit: BODY_LIMIT,
    trustProxy: true,
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const clock = options.clock ?? (config.FIXED_TODAY ? fixedClock(config.FIXED_TODAY) : systemClock());
  if (config.FIXED_TODAY) app.log.warn({ today: config.FIXED_TODAY }, 'FIXED_TODAY pins the date of this server');

  const database = options.database ?? (await openConfiguredDatabase(config));
  if (!options.database) app.addHook('onClose', () => database.close());
  await migrateDatabase(database);
  await seedReferenceData(database.db);

  const rates = createRatesService({
    database,
    clock,
    log: app.log,
    ratesUrl: config.RATES_URL,
    refreshHours: config.RATES_REFRESH_HOURS,
  });
  await rates.ensureRates();
  if (options.syncRates) rates.startSchedule();
  app.addHook('onClose', async () => rates.stopSchedule());

  const reference = await createReferenceService(database.db, rates);
  app.decorate('deps', { config, database, clock, rates, reference });

  registerErrorHandling(app);
  await registerSecurity(app, config);
  await app.register(swagger, {
    openapi: { info: { title: 'SaldoPilot API', version: '1.0.0' } },
    transform: jsonSchemaTransform,
  });
  await app.register(
    async (api) => {
      registerApiNotFound(api);
      api.get('/docs', { schema: { hide: true } }, async () => app.swagger());
      await api.register(referenceRoutes);
    },
    { prefix: '/api' },
  );
  registerApiNotFound(app);
  await registerWeb(app, config);
  return app;
}

function openConfiguredDatabase(config: Config): Promise<Database> {
  return config.DATABASE_URL
    ? openDatabase({ kind: 'postgres', url: config.DATABASE_URL })
    : openDatabase({ kind: 'pglite', dataDir: `${config.DATA_DIR}/pglite` });
}
