import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  idParamsSchema,
  salaryCostLabelCreateSchema,
  salaryCostLabelListQuerySchema,
  salaryCostLabelListSchema,
  salaryCostLabelSchema,
  salaryCostLabelUpdateSchema,
} from '@saldopilot/shared';
import { tenantOf } from '../../plugins/request-context.js';
import { noContent } from '../../plugins/openapi.js';

/**
 * /api/employees/salaries/costs/labels: the static `labels` segment wins over
 * `/employees/salaries/costs/:costId` in Fastify's router, whatever the registration order.
 */
export const salaryCostLabelsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { salaryCostLabels } = app.deps;

  app.get(
    '/employees/salaries/costs/labels',
    { schema: { querystring: salaryCostLabelListQuerySchema, response: { 200: salaryCostLabelListSchema } } },
    async (request) => salaryCostLabels.list(tenantOf(request), request.query),
  );

  app.get(
    '/employees/salaries/costs/labels/:id',
    { schema: { params: idParamsSchema, response: { 200: salaryCostLabelSchema } } },
    async (request) => salaryCostLabels.get(tenantOf(request), request.params.id),
  );

  app.post(
    '/employees/salaries/costs/labels',
    { schema: { body: salaryCostLabelCreateSchema, response: { 201: salaryCostLabelSchema } } },
    async (request, reply) => reply.code(201).send(await salaryCostLabels.create(tenantOf(request), request.body)),
  );

  app.patch(
    '/employees/salaries/costs/labels/:id',
    { schema: { params: idParamsSchema, body: salaryCostLabelUpdateSchema, response: { 200: salaryCostLabelSchema } } },
    async (request) => salaryCostLabels.update(tenantOf(request), request.params.id, request.body),
  );

  app.delete(
    '/employees/salaries/costs/labels/:id',
    { schema: { params: idParamsSchema, response: { 204: noContent } } },
    async (request, reply) => {
      await salaryCostLabels.remove(tenantOf(request), request.params.id);
      return reply.code(204).send();
    },
  );
};
