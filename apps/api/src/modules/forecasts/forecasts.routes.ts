import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  forecastDetailsQuerySchema,
  forecastDetailColumnsSchema,
  forecastQuerySchema,
  forecastSchema,
} from '@saldopilot/shared';
import { tenantOf } from '../../plugins/request-context.js';
import { createEncodedAnswers } from '../../plugins/encoded-answer.js';
import { answeredByEtag, notModified } from '../../plugins/etag.js';
import type { FastifyInstance } from 'fastify';
import { forecastExclusionsRoutes } from './forecast-exclusions.routes.js';
import { vatSettingsRoutes } from './vat-settings.routes.js';
import { paymentCalendarRoutes } from './payment-calendar.routes.js';

/** /api/forecasts: the forecast, computed on demand (every member, read-only ones too). */
export const forecastsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { forecasts, forecastStamps } = app.deps;
  // The details written and compressed once per forecast, rows asked for and encoding, then kept.
  const detailsAnswers = createEncodedAnswers(forecastDetailColumnsSchema);
  // The totals likewise: a read from memory otherwise compresses the same bytes on every request.
  const forecastAnswers = createEncodedAnswers(forecastSchema);

  app.get(
    '/forecasts',
    {
      // 404: `?scenario=` names no scenario of the organisation (docs/scenarios.md).
      config: { errors: ['NOT_FOUND'] },
      schema: { querystring: forecastQuerySchema, response: { 200: forecastSchema, 304: notModified } },
    },
    async (request, reply) => {
      const tenant = tenantOf(request);
      // The stamp only: an answer the browser holds already is not computed again. A scenario's
      // forecast also depends on its levers, which the stamp does not name: always computed.
      const tag = request.query.scenario === undefined ? await forecastStamps.tagParts(tenant) : undefined;
      if (tag && answeredByEtag(request, reply, tag)) return reply;
      const { key, forecast } = await forecasts.forecastAnswer(tenant, request.query, tag?.versions);
      if (await forecastAnswers.send(request, reply, { scope: tenant.organisationId, key }, forecast)) return reply;
      return forecast();
    },
  );

  app.get(
    '/forecasts/details',
    {
      config: { errors: ['NOT_FOUND'] },
      schema: {
        querystring: forecastDetailsQuerySchema,
        response: { 200: forecastDetailColumnsSchema, 304: notModified },
      },
    },
    async (request, reply) => {
      const tenant = tenantOf(request);
      // A scenario's details depend on its levers too, which the stamp does not name (docs/scenarios.md).
      const tag = request.query.scenario === undefined ? await forecastStamps.tagParts(tenant) : undefined;
      if (tag && answeredByEtag(request, reply, tag)) return reply;
      const { key, details } = await forecasts.detailsAnswer(tenant, request.query, tag?.versions);
      if (key !== null && (await detailsAnswers.send(request, reply, { scope: tenant.organisationId, key }, details))) {
        return reply;
      }
      // Without a key or an encoding we write, the answer goes the usual way (written per request).
      return details();
    },
  );
};

/** The forecast, its exclusions, VAT settings and payment calendar under /api: app.ts registers each area with one call. */
export async function registerForecasts(api: FastifyInstance): Promise<void> {
  await api.register(forecastsRoutes);
  await api.register(forecastExclusionsRoutes);
  await api.register(vatSettingsRoutes);
  await api.register(paymentCalendarRoutes);
}
