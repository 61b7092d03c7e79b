import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  salaryCostCopySchema,
  salaryCostCreateSchema,
  salaryCostListQuerySchema,
  salaryCostListSchema,
  salaryCostParamsSchema,
  salaryCostPresetsSchema,
  salaryCostQuerySchema,
  salaryCostSchema,
  salaryCostsCreatedSchema,
  salaryCostUpdateSchema,
  salaryParamsSchema,
} from '@saldopilot/shared';
import { tenantOf } from '../../plugins/request-context.js';
import { noContent } from '../../plugins/openapi.js';

/** /api/employees/salaries/{salaryId}/costs and /api/employees/salaries/costs/{costId}. */
export const salaryCostsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { salaryCosts } = app.deps;

  app.get(
    '/employees/salaries/:salaryId/costs',
    {
      schema: {
        params: salaryParamsSchema,
        querystring: salaryCostListQuerySchema,
        response: { 200: salaryCostListSchema },
      },
    },
    async (request) => salaryCosts.list(tenantOf(request), request.params.salaryId, request.query),
  );

  app.post(
    '/employees/salaries/:salaryId/costs',
    { schema: { params: salaryParamsSchema, body: salaryCostCreateSchema, response: { 201: salaryCostSchema } } },
    async (request, reply) =>
      reply.code(201).send(await salaryCosts.create(tenantOf(request), request.params.salaryId, request.body)),
  );

  app.post(
    '/employees/salaries/:salaryId/costs/copy',
    { schema: { params: salaryParamsSchema, body: salaryCostCopySchema, response: { 201: salaryCostsCreatedSchema } } },
    async (request, reply) =>
      reply.code(201).send(await salaryCosts.copy(tenantOf(request), request.params.salaryId, request.body)),
  );

  app.post(
    '/employees/salaries/:salaryId/costs/presets',
    {
      schema: {
        params: salaryParamsSchema,
        body: salaryCostPresetsSchema,
        response: { 201: salaryCostsCreatedSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await salaryCosts.addPresets(tenantOf(request), request.params.salaryId, request.body)),
  );

  app.get(
    '/employees/salaries/costs/:costId',
    {
      schema: {
        params: salaryCostParamsSchema,
        querystring: salaryCostQuerySchema,
        response: { 200: salaryCostSchema },
      },
    },
    async (request) => salaryCosts.get(tenantOf(request), request.params.costId, request.query.includePast ?? false),
  );

  app.patch(
    '/employees/salaries/costs/:costId',
    { schema: { params: salaryCostParamsSchema, body: salaryCostUpdateSchema, response: { 200: salaryCostSchema } } },
    async (request) => salaryCosts.update(tenantOf(request), request.params.costId, request.body),
  );

  app.delete(
    '/employees/salaries/costs/:costId',
    { schema: { params: salaryCostParamsSchema, response: { 204: noContent } } },
    async (request, reply) => {
      await salaryCosts.remove(tenantOf(request), request.params.costId);
      return reply.code(204).send();
    },
  );
};
