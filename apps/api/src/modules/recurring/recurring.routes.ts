import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyInstance } from 'fastify';
import {
  applyLearnedDelaySchema,
  idParamsSchema,
  learnedDelaysSchema,
  recurringAcceptResultSchema,
  recurringAcceptSchema,
  recurringDismissResultSchema,
  recurringDismissSchema,
  recurringSuggestionListSchema,
  recurringSuggestionsQuerySchema,
} from '@saldopilot/shared';
import { noContent } from '../../plugins/openapi.js';
import { tenantOf } from '../../plugins/request-context.js';

/**
 * Recurring payments found in the statements (docs/recurring.md): /api/recurring-suggestions.
 * Everyone reads; accepting and dismissing need editor or above (the role gate's default for writes).
 */
export const recurringRoutes: FastifyPluginAsyncZod = async (app) => {
  const { recurring } = app.deps;

  app.get(
    '/recurring-suggestions',
    {
      config: { errors: ['NOT_FOUND' as const] },
      schema: { querystring: recurringSuggestionsQuerySchema, response: { 200: recurringSuggestionListSchema } },
    },
    async (request) => recurring.suggestions(tenantOf(request), request.query.bankAccountId),
  );

  app.get('/recurring-suggestions/delays', { schema: { response: { 200: learnedDelaysSchema } } }, async (request) =>
    recurring.delays(tenantOf(request)),
  );

  app.put(
    '/recurring-suggestions/delays/:id',
    {
      config: { errors: ['NOT_FOUND' as const] },
      schema: { params: idParamsSchema, body: applyLearnedDelaySchema, response: { 204: noContent } },
    },
    async (request, reply) => {
      await recurring.applyDelay(tenantOf(request), request.params.id, request.body.apply);
      return reply.code(204).send();
    },
  );

  app.post(
    '/recurring-suggestions/accept',
    {
      // A suggestion gone since it was read is a 404; one whose pattern or entries changed, a 409.
      config: { errors: ['NOT_FOUND' as const, 'CONFLICT' as const] },
      schema: { body: recurringAcceptSchema, response: { 200: recurringAcceptResultSchema } },
    },
    async (request) => recurring.accept(tenantOf(request), request.body),
  );

  app.post(
    '/recurring-suggestions/dismiss',
    { schema: { body: recurringDismissSchema, response: { 200: recurringDismissResultSchema } } },
    async (request) => recurring.dismiss(tenantOf(request), request.body),
  );
};

/** The recurring suggestions under /api: app.ts registers each area with one call. */
export async function registerRecurring(api: FastifyInstance): Promise<void> {
  await api.register(recurringRoutes);
}
