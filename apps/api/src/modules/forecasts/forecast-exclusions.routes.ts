import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  forecastExclusionAnswerSchema,
  forecastExclusionBatchResultSchema,
  forecastExclusionBatchSchema,
  forecastExclusionListQuerySchema,
  forecastExclusionListSchema,
  forecastExclusionSchema,
} from '@saldopilot/shared';
import { tenantOf } from '../../plugins/request-context.js';
import { noContent } from '../../plugins/openapi.js';

// The item named in the body may not exist or be another organisation's: 404.
const namesAnItem = { errors: ['NOT_FOUND' as const] };

/** /api/forecasts/exclude: leaves excluded per month; writes by editors and above. */
export const forecastExclusionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { forecastExclusions } = app.deps;

  app.get(
    '/forecasts/exclude',
    { schema: { querystring: forecastExclusionListQuerySchema, response: { 200: forecastExclusionListSchema } } },
    async (request) => forecastExclusions.list(tenantOf(request), request.query),
  );

  app.post(
    '/forecasts/exclude',
    {
      config: namesAnItem,
      schema: { body: forecastExclusionSchema, response: { 201: forecastExclusionAnswerSchema } },
    },
    async (request, reply) => reply.code(201).send(await forecastExclusions.add(tenantOf(request), request.body)),
  );

  app.delete(
    '/forecasts/exclude',
    { config: namesAnItem, schema: { body: forecastExclusionSchema, response: { 204: noContent } } },
    async (request, reply) => {
      await forecastExclusions.remove(tenantOf(request), request.body);
      return reply.code(204).send();
    },
  );

  app.put(
    '/forecasts/exclude',
    {
      config: namesAnItem,
      schema: { body: forecastExclusionBatchSchema, response: { 200: forecastExclusionBatchResultSchema } },
    },
    async (request) => forecastExclusions.update(tenantOf(request), request.body),
  );
};
