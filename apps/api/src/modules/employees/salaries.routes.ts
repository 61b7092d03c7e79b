import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  idParamsSchema,
  salaryCreateSchema,
  salaryListQuerySchema,
  salaryListSchema,
  salaryParamsSchema,
  salarySchema,
  salaryUpdateSchema,
} from '@saldopilot/shared';
import { tenantOf } from '../../plugins/request-context.js';
import { noContent } from '../../plugins/openapi.js';

/** /api/employees/{id}/salaries and /api/employees/salaries/{salaryId}: the salary timeline. */
export const salariesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { salaries } = app.deps;

  app.get(
    '/employees/:id/salaries',
    { schema: { params: idParamsSchema, querystring: salaryListQuerySchema, response: { 200: salaryListSchema } } },
    async (request) => salaries.list(tenantOf(request), request.params.id, request.query),
  );

  app.post(
    '/employees/:id/salaries',
    { schema: { params: idParamsSchema, body: salaryCreateSchema, response: { 201: salarySchema } } },
    async (request, reply) =>
      reply.code(201).send(await salaries.create(tenantOf(request), request.params.id, request.body)),
  );

  app.get(
    '/employees/salaries/:salaryId',
    { schema: { params: salaryParamsSchema, response: { 200: salarySchema } } },
    async (request) => salaries.get(tenantOf(request), request.params.salaryId),
  );

  app.patch(
    '/employees/salaries/:salaryId',
    { schema: { params: salaryParamsSchema, body: salaryUpdateSchema, response: { 200: salarySchema } } },
    async (request) => salaries.update(tenantOf(request), request.params.salaryId, request.body),
  );

  app.delete(
    '/employees/salaries/:salaryId',
    { schema: { params: salaryParamsSchema, response: { 204: noContent } } },
    async (request, reply) => {
      await salaries.remove(tenantOf(request), request.params.salaryId);
      return reply.code(204).send();
    },
  );
};
