import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  affectedSchema,
  idParamsSchema,
  vatCreateSchema,
  vatListSchema,
  vatSchema,
  vatUpdateSchema,
} from '@saldopilot/shared';
import { tenantOf } from '../../plugins/request-context.js';
import { noContent } from '../../plugins/openapi.js';
import type { FastifyInstance } from 'fastify';

/** /api/vats: system and own VAT rates; own ones can be changed and deleted. */
export const vatsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { vats } = app.deps;

  app.get('/vats', { schema: { response: { 200: vatListSchema } } }, async (request) => vats.list(tenantOf(request)));

  app.get('/vats/:id', { schema: { params: idParamsSchema, response: { 200: vatSchema } } }, async (request) =>
    vats.get(tenantOf(request), request.params.id),
  );

  // Asked before deleting: "… wird von N Transaktionen verwendet".
  app.get(
    '/vats/:id/usage',
    { schema: { params: idParamsSchema, response: { 200: affectedSchema } } },
    async (request) => vats.usage(tenantOf(request), request.params.id),
  );

  app.post('/vats', { schema: { body: vatCreateSchema, response: { 201: vatSchema } } }, async (request, reply) =>
    reply.code(201).send(await vats.create(tenantOf(request), request.body)),
  );

  app.patch(
    '/vats/:id',
    { schema: { params: idParamsSchema, body: vatUpdateSchema, response: { 200: vatSchema } } },
    async (request) => vats.update(tenantOf(request), request.params.id, request.body),
  );

  app.delete(
    '/vats/:id',
    { schema: { params: idParamsSchema, response: { 204: noContent } } },
    async (request, reply) => {
      await vats.remove(tenantOf(request), request.params.id);
      return reply.code(204).send();
    },
  );
};

/** The VAT rates under /api: app.ts registers each area with one call. */
export async function registerVats(api: FastifyInstance): Promise<void> {
  await api.register(vatsRoutes);
}
