import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  type ForecastDetails,
  forecastDetailsQuerySchema,
  forecastDetailsSchema,
  forecastQuerySchema,
  forecastSchema,
} from '@saldopilot/shared';
import { preferredEncoding } from '../../lib/encoded-body.js';
import { tenantOf } from '../../plugins/authenticate.js';

/** /api/forecasts: the forecast, computed on demand (every member, read-only ones too). */
export const forecastsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { forecasts } = app.deps;

  app.get(
    '/forecasts',
    { schema: { querystring: forecastQuerySchema, response: { 200: forecastSchema } } },
    async (request) => forecasts.forecast(tenantOf(request), request.query),
  );

  app.get(
    '/forecasts/details',
    { schema: { querystring: forecastDetailsQuerySchema, response: { 200: forecastDetailsSchema } } },
    async (request, reply) => {
      const encoding = preferredEncoding(request.headers['accept-encoding']);
      if (!encoding) return forecasts.details(tenantOf(request), request.query);
      // Compressed once and kept (see encodedDetails); the response compression passes it by.
      const body = await forecasts.encodedDetails(tenantOf(request), request.query, encoding);
      return (
        reply
          .header('content-encoding', encoding)
          .header('vary', 'accept-encoding')
          .type('application/json; charset=utf-8')
          // The schema's answer, already written (by its own writer) and compressed: Fastify sends a
          // Buffer as it is; the type provider only knows the unwritten shape.
          .send(body as unknown as ForecastDetails)
      );
    },
  );
};
