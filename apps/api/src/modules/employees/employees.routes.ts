import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  employeeCreateSchema,
  employeeDetailSchema,
  employeeListQuerySchema,
  employeeListSchema,
  employeeUpdateSchema,
  idParamsSchema,
} from '@saldopilot/shared';
import { tenantOf } from '../../plugins/request-context.js';
import { noContent } from '../../plugins/openapi.js';
import type { FastifyInstance } from 'fastify';
import { salariesRoutes } from './salaries.routes.js';
import { salaryCostsRoutes } from './salary-costs.routes.js';
import { salaryCostLabelsRoutes } from './salary-cost-labels.routes.js';

/** /api/employees: the organisation's employees with their representative salary. */
export const employeesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { employees } = app.deps;

  app.get(
    '/employees',
    { schema: { querystring: employeeListQuerySchema, response: { 200: employeeListSchema } } },
    async (request) => employees.list(tenantOf(request), request.query),
  );

  app.get(
    '/employees/:id',
    { schema: { params: idParamsSchema, response: { 200: employeeDetailSchema } } },
    async (request) => employees.get(tenantOf(request), request.params.id),
  );

  app.post(
    '/employees',
    { schema: { body: employeeCreateSchema, response: { 201: employeeDetailSchema } } },
    async (request, reply) => reply.code(201).send(await employees.create(tenantOf(request), request.body)),
  );

  app.patch(
    '/employees/:id',
    { schema: { params: idParamsSchema, body: employeeUpdateSchema, response: { 200: employeeDetailSchema } } },
    async (request) => employees.update(tenantOf(request), request.params.id, request.body),
  );

  app.delete(
    '/employees/:id',
    { schema: { params: idParamsSchema, response: { 204: noContent } } },
    async (request, reply) => {
      await employees.remove(tenantOf(request), request.params.id);
      return reply.code(204).send();
    },
  );
};

/** The employees, their salaries and salary costs under /api: app.ts registers each area with one call. */
export async function registerEmployees(api: FastifyInstance): Promise<void> {
  await api.register(employeesRoutes);
  await api.register(salariesRoutes);
  await api.register(salaryCostsRoutes);
  await api.register(salaryCostLabelsRoutes);
}
