import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bankEntryIdParamsSchema,
  bankEntryMatchCreateSchema,
  bankEntrySchema,
  bankEntryUnplannedSchema,
  confirmUniqueQuerySchema,
  confirmUniqueResultSchema,
  idParamsSchema,
  matchSuggestionsSchema,
  occurrenceDismissalBulkResultSchema,
  occurrenceDismissalBulkSchema,
  occurrenceDismissalListSchema,
  occurrenceDismissalRestoreResultSchema,
  occurrenceDismissalRestoreSchema,
  occurrenceDismissalSchema,
  occurrenceKeySchema,
  planActualMonthDetailSchema,
  planActualMonthQuerySchema,
  planActualQuerySchema,
  planActualSchema,
  planAccuracySchema,
} from '@saldopilot/shared';
import { tenantOf } from '../../plugins/request-context.js';
import { noContent } from '../../plugins/openapi.js';
import { answeredByEtag, notModified } from '../../plugins/etag.js';
import type { FastifyInstance } from 'fastify';

// A match or a dismissal names an occurrence the plan may not have, or it may be taken already.
const namesAnOccurrence = { errors: ['NOT_FOUND' as const, 'CONFLICT' as const] };

/**
 * Plan vs actual (docs/plan-actual.md): /api/bank-entries/{id}/… (suggestions, match, "nicht
 * geplant"), /api/bank-entries/confirm-unique, /api/occurrence-dismissals and /api/plan-actual.
 * Everyone reads; the writes need editor or above (the role gate's default for writes).
 */
export const planActualRoutes: FastifyPluginAsyncZod = async (app) => {
  const { planActual, planAccuracy, planMatches, occurrenceDismissals, forecastStamps } = app.deps;

  app.get(
    '/bank-entries/:id/match-suggestions',
    { schema: { params: bankEntryIdParamsSchema, response: { 200: matchSuggestionsSchema } } },
    async (request) => planMatches.suggestions(tenantOf(request), request.params.id),
  );

  app.post(
    '/bank-entries/:id/match',
    {
      config: namesAnOccurrence,
      schema: { params: bankEntryIdParamsSchema, body: bankEntryMatchCreateSchema, response: { 200: bankEntrySchema } },
    },
    async (request) => planMatches.match(tenantOf(request), request.params.id, request.body),
  );

  app.delete(
    '/bank-entries/:id/match',
    { config: namesAnOccurrence, schema: { params: bankEntryIdParamsSchema, response: { 200: bankEntrySchema } } },
    async (request) => planMatches.unmatch(tenantOf(request), request.params.id),
  );

  app.post(
    '/bank-entries/:id/unplanned',
    {
      config: namesAnOccurrence,
      schema: { params: bankEntryIdParamsSchema, body: bankEntryUnplannedSchema, response: { 200: bankEntrySchema } },
    },
    async (request) => planMatches.markUnplanned(tenantOf(request), request.params.id, request.body.categoryId),
  );

  app.post(
    '/bank-entries/confirm-unique',
    {
      config: { errors: ['NOT_FOUND'] },
      schema: { querystring: confirmUniqueQuerySchema, response: { 200: confirmUniqueResultSchema } },
    },
    async (request) => planMatches.confirmUnique(tenantOf(request), request.query.bankAccountId),
  );

  app.post(
    '/occurrence-dismissals',
    { config: namesAnOccurrence, schema: { body: occurrenceKeySchema, response: { 201: occurrenceDismissalSchema } } },
    async (request, reply) => reply.code(201).send(await occurrenceDismissals.dismiss(tenantOf(request), request.body)),
  );

  app.get('/occurrence-dismissals', { schema: { response: { 200: occurrenceDismissalListSchema } } }, async (request) =>
    occurrenceDismissals.dismissals(tenantOf(request)),
  );

  app.get(
    '/occurrence-dismissals/bulk',
    { schema: { querystring: occurrenceDismissalBulkSchema, response: { 200: occurrenceDismissalBulkResultSchema } } },
    async (request) => occurrenceDismissals.dismissBulkPreview(tenantOf(request), request.query.before),
  );

  app.post(
    '/occurrence-dismissals/bulk',
    { schema: { body: occurrenceDismissalBulkSchema, response: { 200: occurrenceDismissalBulkResultSchema } } },
    async (request) => occurrenceDismissals.dismissBulk(tenantOf(request), request.body.before),
  );

  app.post(
    '/occurrence-dismissals/bulk-restore',
    {
      config: { errors: ['NOT_FOUND' as const] },
      schema: { body: occurrenceDismissalRestoreSchema, response: { 200: occurrenceDismissalRestoreResultSchema } },
    },
    async (request) => occurrenceDismissals.undismissBulk(tenantOf(request), request.body.dismissalIds),
  );

  app.delete(
    '/occurrence-dismissals/:id',
    { schema: { params: idParamsSchema, response: { 204: noContent } } },
    async (request, reply) => {
      await occurrenceDismissals.undismiss(tenantOf(request), request.params.id);
      return reply.code(204).send();
    },
  );

  app.get(
    '/plan-actual',
    { schema: { querystring: planActualQuerySchema, response: { 200: planActualSchema, 304: notModified } } },
    async (request, reply) => {
      const tenant = tenantOf(request);
      if (answeredByEtag(request, reply, await forecastStamps.tagParts(tenant))) return reply;
      return planActual.table(tenant, request.query);
    },
  );

  // No ETag: a snapshot taken (docs/plan-actual.md "Accuracy per horizon") is in no forecast stamp.
  app.get('/plan-actual/accuracy', { schema: { response: { 200: planAccuracySchema } } }, async (request) =>
    planAccuracy.accuracy(tenantOf(request)),
  );

  app.get(
    '/plan-actual/month',
    {
      schema: {
        querystring: planActualMonthQuerySchema,
        response: { 200: planActualMonthDetailSchema, 304: notModified },
      },
    },
    async (request, reply) => {
      const tenant = tenantOf(request);
      if (answeredByEtag(request, reply, await forecastStamps.tagParts(tenant))) return reply;
      return planActual.month(tenant, request.query.month);
    },
  );
};

/** The plan vs actual under /api: app.ts registers each area with one call. */
export async function registerPlanActual(api: FastifyInstance): Promise<void> {
  await api.register(planActualRoutes);
}
