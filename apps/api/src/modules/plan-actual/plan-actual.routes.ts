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
} from '@saldopilot/shared';
import { tenantOf } from '../../plugins/request-context.js';
import { seesSalaries } from '../../plugins/token-scopes.js';
import { noContent } from '../../plugins/openapi.js';
import type { FastifyInstance } from 'fastify';

// A match or a dismissal names an occurrence the plan may not have, or it may be taken already.
const namesAnOccurrence = { errors: ['NOT_FOUND' as const, 'CONFLICT' as const] };

/**
 * Plan vs actual (docs/plan-actual.md): /api/bank-entries/{id}/… (suggestions, match, "nicht
 * geplant"), /api/bank-entries/confirm-unique, /api/occurrence-dismissals and /api/plan-actual.
 * Everyone reads; the writes need editor or above (the role gate's default for writes).
 */
export const planActualRoutes: FastifyPluginAsyncZod = async (app) => {
  const { planActual } = app.deps;

  app.get(
    '/bank-entries/:id/match-suggestions',
    { schema: { params: bankEntryIdParamsSchema, response: { 200: matchSuggestionsSchema } } },
    async (request) => {
      const answer = await planActual.suggestions(tenantOf(request), request.params.id);
      if (seesSalaries(request)) return answer;
      // Without salaries:read no salary occurrence, and so no salary run (docs/access.md "Salary figures").
      return {
        ...answer,
        suggestions: answer.suggestions.filter((suggestion) => suggestion.kind !== 'salaries'),
        runs: [],
      };
    },
  );

  app.post(
    '/bank-entries/:id/match',
    {
      config: namesAnOccurrence,
      schema: { params: bankEntryIdParamsSchema, body: bankEntryMatchCreateSchema, response: { 200: bankEntrySchema } },
    },
    async (request) => planActual.match(tenantOf(request), request.params.id, request.body),
  );

  app.delete(
    '/bank-entries/:id/match',
    { config: namesAnOccurrence, schema: { params: bankEntryIdParamsSchema, response: { 200: bankEntrySchema } } },
    async (request) => planActual.unmatch(tenantOf(request), request.params.id),
  );

  app.post(
    '/bank-entries/:id/unplanned',
    {
      config: namesAnOccurrence,
      schema: { params: bankEntryIdParamsSchema, body: bankEntryUnplannedSchema, response: { 200: bankEntrySchema } },
    },
    async (request) => planActual.markUnplanned(tenantOf(request), request.params.id, request.body.categoryId),
  );

  app.post(
    '/bank-entries/confirm-unique',
    {
      config: { errors: ['NOT_FOUND'] },
      schema: { querystring: confirmUniqueQuerySchema, response: { 200: confirmUniqueResultSchema } },
    },
    async (request) => planActual.confirmUnique(tenantOf(request), request.query.bankAccountId),
  );

  app.post(
    '/occurrence-dismissals',
    { config: namesAnOccurrence, schema: { body: occurrenceKeySchema, response: { 201: occurrenceDismissalSchema } } },
    async (request, reply) => reply.code(201).send(await planActual.dismiss(tenantOf(request), request.body)),
  );

  app.get(
    '/occurrence-dismissals',
    { schema: { response: { 200: occurrenceDismissalListSchema } } },
    async (request) => {
      const list = await planActual.dismissals(tenantOf(request));
      if (seesSalaries(request)) return list;
      return { items: list.items.filter((item) => item.kind !== 'salaries') };
    },
  );

  app.get(
    '/occurrence-dismissals/bulk',
    { schema: { querystring: occurrenceDismissalBulkSchema, response: { 200: occurrenceDismissalBulkResultSchema } } },
    async (request) => {
      // Without salaries:read no salary occurrence is named or marked (docs/access.md "Salary figures").
      return planActual.dismissBulkPreview(tenantOf(request), request.query.before, {
        salaries: seesSalaries(request),
      });
    },
  );

  app.post(
    '/occurrence-dismissals/bulk',
    { schema: { body: occurrenceDismissalBulkSchema, response: { 200: occurrenceDismissalBulkResultSchema } } },
    async (request) => {
      return planActual.dismissBulk(tenantOf(request), request.body.before, { salaries: seesSalaries(request) });
    },
  );

  app.post(
    '/occurrence-dismissals/bulk-restore',
    {
      config: { errors: ['NOT_FOUND' as const] },
      schema: { body: occurrenceDismissalRestoreSchema, response: { 200: occurrenceDismissalRestoreResultSchema } },
    },
    async (request) => planActual.undismissBulk(tenantOf(request), request.body.dismissalIds),
  );

  app.delete(
    '/occurrence-dismissals/:id',
    { schema: { params: idParamsSchema, response: { 204: noContent } } },
    async (request, reply) => {
      await planActual.undismiss(tenantOf(request), request.params.id);
      return reply.code(204).send();
    },
  );

  app.get(
    '/plan-actual',
    { schema: { querystring: planActualQuerySchema, response: { 200: planActualSchema } } },
    async (request) => planActual.table(tenantOf(request), request.query),
  );

  app.get(
    '/plan-actual/month',
    { schema: { querystring: planActualMonthQuerySchema, response: { 200: planActualMonthDetailSchema } } },
    async (request) => {
      const month = await planActual.month(tenantOf(request), request.query.month);
      if (seesSalaries(request)) return month;
      // Without salaries:read no employee's salary occurrence (docs/access.md "Salary figures").
      return { ...month, occurrences: month.occurrences.filter((occurrence) => occurrence.kind !== 'salaries') };
    },
  );
};

/** The plan vs actual under /api: app.ts registers each area with one call. */
export async function registerPlanActual(api: FastifyInstance): Promise<void> {
  await api.register(planActualRoutes);
}
