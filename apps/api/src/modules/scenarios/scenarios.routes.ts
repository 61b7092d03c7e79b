import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyInstance } from 'fastify';
import {
  idParamsSchema,
  leverInputSchema,
  leverListSchema,
  leverParamsSchema,
  leverSchema,
  leverUpdateSchema,
  promoteConflictAnswerSchema,
  promoteResultSchema,
  promoteSchema,
  scenarioCompareQuerySchema,
  scenarioCompareSchema,
  scenarioCreateSchema,
  scenarioDetailSchema,
  scenarioListSchema,
  scenarioMessages,
  scenarioUpdateSchema,
} from '@saldopilot/shared';
import { tenantOf } from '../../plugins/request-context.js';
import { noContent } from '../../plugins/openapi.js';
import { createEncodedAnswers } from '../../plugins/encoded-answer.js';
import { answeredByEtag, notModified } from '../../plugins/etag.js';

/**
 * /api/scenarios (docs/scenarios.md): every member reads and compares, editors and above write
 * (the role gate's default for writes).
 */
export const scenariosRoutes: FastifyPluginAsyncZod = async (app) => {
  const { scenarios, scenarioCompare, scenarioPromote } = app.deps;
  // Promoting writes base rows: owners and admins only (docs/scenarios.md "Roles and privacy").
  const promoteConfig = { role: 'admin' as const };
  // A comparison written and compressed once per key and encoding (a big organisation's is megabytes).
  const compareAnswers = createEncodedAnswers(scenarioCompareSchema);
  const promoteResponses = { 200: promoteResultSchema, 409: promoteConflictAnswerSchema };

  // Base and up to four scenarios side by side (docs/scenarios.md "Compare"); before `/:id`.
  app.get(
    '/scenarios/compare',
    {
      config: { errors: ['NOT_FOUND'] },
      schema: { querystring: scenarioCompareQuerySchema, response: { 200: scenarioCompareSchema, 304: notModified } },
    },
    async (request, reply) => {
      const tenant = tenantOf(request);
      // The tag names the data, the scenarios' versions and the query: an answer held is not sent again.
      const { tag, key, compare } = await scenarioCompare.answer(tenant, request.query);
      if (answeredByEtag(request, reply, tag)) return reply;
      if (await compareAnswers.send(request, reply, { scope: tenant.organisationId, key }, compare)) return reply;
      return compare();
    },
  );

  app.get('/scenarios', { schema: { response: { 200: scenarioListSchema } } }, async (request) =>
    scenarios.list(tenantOf(request)),
  );

  app.post(
    '/scenarios',
    { schema: { body: scenarioCreateSchema, response: { 201: scenarioDetailSchema } } },
    async (request, reply) => reply.code(201).send(await scenarios.create(tenantOf(request), request.body)),
  );

  app.get(
    '/scenarios/:id',
    { schema: { params: idParamsSchema, response: { 200: scenarioDetailSchema } } },
    async (request) => scenarios.get(tenantOf(request), request.params.id),
  );

  app.patch(
    '/scenarios/:id',
    { schema: { params: idParamsSchema, body: scenarioUpdateSchema, response: { 200: scenarioDetailSchema } } },
    async (request) => scenarios.update(tenantOf(request), request.params.id, request.body),
  );

  app.delete(
    '/scenarios/:id',
    { schema: { params: idParamsSchema, response: { 204: noContent } } },
    async (request, reply) => {
      await scenarios.remove(tenantOf(request), request.params.id);
      return reply.code(204).send();
    },
  );

  app.get(
    '/scenarios/:id/levers',
    { schema: { params: idParamsSchema, response: { 200: leverListSchema } } },
    async (request) => scenarios.levers(tenantOf(request), request.params.id),
  );

  app.post(
    '/scenarios/:id/levers',
    { schema: { params: idParamsSchema, body: leverInputSchema, response: { 201: leverSchema } } },
    async (request, reply) =>
      reply.code(201).send(await scenarios.addLever(tenantOf(request), request.params.id, request.body)),
  );

  app.patch(
    '/scenarios/:id/levers/:leverId',
    { schema: { params: leverParamsSchema, body: leverUpdateSchema, response: { 200: leverSchema } } },
    async (request) =>
      scenarios.updateLever(tenantOf(request), request.params.id, request.params.leverId, request.body),
  );

  app.delete(
    '/scenarios/:id/levers/:leverId',
    { schema: { params: leverParamsSchema, response: { 204: noContent } } },
    async (request, reply) => {
      await scenarios.removeLever(tenantOf(request), request.params.id, request.params.leverId);
      return reply.code(204).send();
    },
  );

  app.post(
    '/scenarios/:id/promote',
    { config: promoteConfig, schema: { params: idParamsSchema, body: promoteSchema, response: promoteResponses } },
    async (request, reply) => {
      const result = await scenarioPromote.promote(tenantOf(request), request.params.id, request.body);
      if ('conflicts' in result) {
        return reply.code(409).send({ error: scenarioMessages.conflicts, code: 'CONFLICT' as const, ...result });
      }
      return result;
    },
  );

  app.post(
    '/scenarios/:id/levers/:leverId/promote',
    { config: promoteConfig, schema: { params: leverParamsSchema, body: promoteSchema, response: promoteResponses } },
    async (request, reply) => {
      const { id, leverId } = request.params;
      const body = { ...request.body, leverIds: [leverId] };
      const result = await scenarioPromote.promote(tenantOf(request), id, body);
      if ('conflicts' in result) {
        return reply.code(409).send({ error: scenarioMessages.conflicts, code: 'CONFLICT' as const, ...result });
      }
      return result;
    },
  );
};

/** The scenarios under /api: app.ts registers each area with one call. */
export async function registerScenarios(api: FastifyInstance): Promise<void> {
  await api.register(scenariosRoutes);
}
