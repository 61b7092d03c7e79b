import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bankAccountCreateSchema,
  bankAccountFreshnessSchema,
  bankAccountListQuerySchema,
  bankAccountListSchema,
  bankAccountSchema,
  bankAccountUpdateSchema,
  idParamsSchema,
} from '@saldopilot/shared';
import { tenantOf } from '../../plugins/request-context.js';
import { noContent } from '../../plugins/openapi.js';
import type { FastifyInstance } from 'fastify';

/** /api/bank-accounts: the accounts of the current organisation (writes: editors and above). */
export const bankAccountsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { bankAccounts } = app.deps;

  app.get(
    '/bank-accounts',
    { schema: { querystring: bankAccountListQuerySchema, response: { 200: bankAccountListSchema } } },
    async (request) => bankAccounts.list(tenantOf(request), request.query),
  );

  app.get('/bank-accounts/freshness', { schema: { response: { 200: bankAccountFreshnessSchema } } }, async (request) =>
    bankAccounts.freshness(tenantOf(request)),
  );

  app.post(
    '/bank-accounts',
    { schema: { body: bankAccountCreateSchema, response: { 201: bankAccountSchema } } },
    async (request, reply) => reply.code(201).send(await bankAccounts.create(tenantOf(request), request.body)),
  );

  app.get(
    '/bank-accounts/:id',
    { schema: { params: idParamsSchema, response: { 200: bankAccountSchema } } },
    async (request) => bankAccounts.get(tenantOf(request), request.params.id),
  );

  app.patch(
    '/bank-accounts/:id',
    { schema: { params: idParamsSchema, body: bankAccountUpdateSchema, response: { 200: bankAccountSchema } } },
    async (request) => bankAccounts.update(tenantOf(request), request.params.id, request.body),
  );

  app.delete(
    '/bank-accounts/:id',
    { schema: { params: idParamsSchema, response: { 204: noContent } } },
    async (request, reply) => {
      await bankAccounts.remove(tenantOf(request), request.params.id);
      return reply.code(204).send();
    },
  );
};

/** The bank accounts under /api: app.ts registers each area with one call. */
export async function registerBankAccounts(api: FastifyInstance): Promise<void> {
  await api.register(bankAccountsRoutes);
}
