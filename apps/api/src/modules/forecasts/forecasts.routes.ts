import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  forecastDetailsQuerySchema,
  forecastDetailsSchema,
  forecastQuerySchema,
  forecastSchema,
} from '@saldopilot/shared';
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
    async (request) => forecasts.details(tenantOf(request), request.query),
  );
};
