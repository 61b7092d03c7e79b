import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  affectedSchema,
  idParamsSchema,
  transactionBulkSchema,
  transactionCreateSchema,
  transactionListQuerySchema,
  transactionListSchema,
  transactionSchema,
  transactionUpdateSchema,
} from '@saldopilot/shared';
import { tenantOf } from '../../plugins/request-context.js';
import { noContent } from '../../plugins/openapi.js';
import type { FastifyInstance } from 'fastify';

/** /api/transactions: revenues and expenses of the current organisation. */
export const transactionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { transactions } = app.deps;

  app.get(
    '/transactions',
    { schema: { querystring: transactionListQuerySchema, response: { 200: transactionListSchema } } },
    async (request) => transactions.list(tenantOf(request), request.query),
  );

  app.get(
    '/transactions/:id',
    { schema: { params: idParamsSchema, response: { 200: transactionSchema } } },
    async (request) => transactions.get(tenantOf(request), request.params.id),
  );

  app.post(
    '/transactions',
    { schema: { body: transactionCreateSchema, response: { 201: transactionSchema } } },
    async (request, reply) => reply.code(201).send(await transactions.create(tenantOf(request), request.body)),
  );

  // All or nothing: enable, disable or delete the chosen transactions in one database transaction.
  app.post(
    '/transactions/bulk',
    // An id that is not the organisation's fails the whole request with 404.
    { config: { errors: ['NOT_FOUND'] }, schema: { body: transactionBulkSchema, response: { 200: affectedSchema } } },
    async (request) => transactions.bulk(tenantOf(request), request.body),
  );

  app.patch(
    '/transactions/:id',
    { schema: { params: idParamsSchema, body: transactionUpdateSchema, response: { 200: transactionSchema } } },
    async (request) => transactions.update(tenantOf(request), request.params.id, request.body),
  );

  app.delete(
    '/transactions/:id',
    { schema: { params: idParamsSchema, response: { 204: noContent } } },
    async (request, reply) => {
      await transactions.remove(tenantOf(request), request.params.id);
      return reply.code(204).send();
    },
  );
};

/** The transactions under /api: app.ts registers each area with one call. */
export async function registerTransactions(api: FastifyInstance): Promise<void> {
  await api.register(transactionsRoutes);
}
