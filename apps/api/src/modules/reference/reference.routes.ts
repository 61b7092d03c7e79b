import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  currencyCodeSchema,
  currencySchema,
  fiatRateSchema,
  healthSchema,
  healthUnavailableSchema,
  serverTimeSchema,
} from '@saldopilot/shared';
import { sessionOf } from '../../plugins/request-context.js';
import { unavailableHeaders } from '../../plugins/error-handler.js';
import type { FastifyInstance } from 'fastify';

/** Currencies, exchange rates, server time and health (categories have their own module). */
export const referenceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { reference, clock, database } = app.deps;

  // The schema documents the answer; the JSON is prebuilt, and a string payload skips serialisation
  // (hence the cast: the typed reply expects the object form).
  app.get('/currencies', { schema: { response: { 200: z.array(currencySchema) } } }, async (request, reply) => {
    const json = reference.currenciesJson(sessionOf(request).currencyId);
    return reply.type('application/json; charset=utf-8').send(json as never);
  });

  app.get(
    '/fiat-rates/:base',
    { schema: { params: z.strictObject({ base: currencyCodeSchema }), response: { 200: z.array(fiatRateSchema) } } },
    async (request) => reference.fiatRates(request.params.base),
  );

  app.get(
    '/fiat-rates/:base/:target',
    {
      schema: {
        params: z.strictObject({ base: currencyCodeSchema, target: currencyCodeSchema }),
        response: { 200: fiatRateSchema },
      },
    },
    async (request) => reference.fiatRate(request.params.base, request.params.target),
  );

  app.get('/global/time', { config: { public: true }, schema: { response: { 200: serverTimeSchema } } }, async () => ({
    date: clock.now().toISOString(),
  }));

  // Says which part is down, so a load balancer takes this instance out and an operator sees why.
  app.get(
    '/health',
    { config: { public: true }, schema: { response: { 200: healthSchema, 503: healthUnavailableSchema } } },
    async (_request, reply) => {
      const reachable = await database.ping().then(
        () => true,
        () => false,
      );
      if (reachable) return { status: 'ok' as const, database: 'ok' as const };
      return reply.code(503).headers(unavailableHeaders).send({
        error: 'Die Datenbank ist nicht erreichbar.',
        code: 'UNAVAILABLE',
        status: 'degraded',
        database: 'unavailable',
      });
    },
  );
};

/** The reference data under /api: app.ts registers each area with one call. */
export async function registerReference(api: FastifyInstance): Promise<void> {
  await api.register(referenceRoutes);
}
