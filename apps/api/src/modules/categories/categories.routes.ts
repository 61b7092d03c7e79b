import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  affectedSchema,
  categoryCreateSchema,
  categoryListQuerySchema,
  categoryListSchema,
  categoryReassignSchema,
  categorySchema,
  categoryUpdateSchema,
  idParamsSchema,
} from '@saldopilot/shared';
import { tenantOf } from '../../plugins/request-context.js';
import { noContent } from '../../plugins/openapi.js';
import type { FastifyInstance } from 'fastify';

/** /api/categories: system and own categories; own ones can be renamed, deleted, replaced. */
export const categoriesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { categories } = app.deps;

  // The web loads this list once at start (`?page=1&limit=100`, docs/product.md "Start of a signed-in app").
  app.get(
    '/categories',
    { schema: { querystring: categoryListQuerySchema, response: { 200: categoryListSchema } } },
    async (request) => categories.list(tenantOf(request), request.query),
  );

  app.get(
    '/categories/:id',
    { schema: { params: idParamsSchema, response: { 200: categorySchema } } },
    async (request) => categories.get(tenantOf(request), request.params.id),
  );

  app.post(
    '/categories',
    { schema: { body: categoryCreateSchema, response: { 201: categorySchema } } },
    async (request, reply) => reply.code(201).send(await categories.create(tenantOf(request), request.body)),
  );

  app.patch(
    '/categories/:id',
    { schema: { params: idParamsSchema, body: categoryUpdateSchema, response: { 200: categorySchema } } },
    async (request) => categories.update(tenantOf(request), request.params.id, request.body),
  );

  app.delete(
    '/categories/:id',
    { schema: { params: idParamsSchema, response: { 204: noContent } } },
    async (request, reply) => {
      await categories.remove(tenantOf(request), request.params.id);
      return reply.code(204).send();
    },
  );

  // `deleteAfter: true` = "Kategorie ersetzen und löschen" in one database transaction.
  app.post(
    '/categories/:id/reassign',
    { schema: { params: idParamsSchema, body: categoryReassignSchema, response: { 200: affectedSchema } } },
    async (request) => categories.reassign(tenantOf(request), request.params.id, request.body),
  );
};

/** The categories under /api: app.ts registers each area with one call. */
export async function registerCategories(api: FastifyInstance): Promise<void> {
  await api.register(categoriesRoutes);
}
