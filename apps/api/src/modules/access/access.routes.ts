import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiTokenCreatedSchema,
  apiTokenCreateSchema,
  apiTokenListSchema,
  auditLogQuerySchema,
  auditLogSchema,
  connectionListSchema,
  idParamsSchema,
} from '@saldopilot/shared';
import { sessionOf, tenantOf } from '../../plugins/request-context.js';
import { noContent } from '../../plugins/openapi.js';
import type { FastifyInstance } from 'fastify';

/**
 * /api/api-tokens, /api/connections: the caller's own tokens and assistant connections (every
 * member, read-only ones too: what a token may do is bounded by the role at each call);
 * /api/audit-log: the organisation's writes through them, for owners and admins (docs/access.md).
 */
export const accessRoutes: FastifyPluginAsyncZod = async (app) => {
  const { access } = app.deps;

  app.get('/api-tokens', { schema: { response: { 200: apiTokenListSchema } } }, async (request) =>
    access.listTokens(sessionOf(request).userId),
  );

  app.post(
    '/api-tokens',
    { schema: { body: apiTokenCreateSchema, response: { 201: apiTokenCreatedSchema } }, config: { role: 'any' } },
    async (request, reply) => reply.code(201).send(await access.createToken(tenantOf(request), request.body)),
  );

  app.delete(
    '/api-tokens/:id',
    { schema: { params: idParamsSchema, response: { 204: noContent } }, config: { role: 'any' } },
    async (request, reply) => {
      await access.revokeToken(sessionOf(request).userId, request.params.id);
      return reply.code(204).send();
    },
  );

  app.get('/connections', { schema: { response: { 200: connectionListSchema } } }, async (request) =>
    access.listConnections(sessionOf(request).userId),
  );

  app.delete(
    '/connections/:id',
    { schema: { params: idParamsSchema, response: { 204: noContent } }, config: { role: 'any' } },
    async (request, reply) => {
      await access.revokeConnection(sessionOf(request).userId, request.params.id);
      return reply.code(204).send();
    },
  );

  app.get(
    '/audit-log',
    { schema: { querystring: auditLogQuerySchema, response: { 200: auditLogSchema } }, config: { role: 'admin' } },
    async (request) => access.auditLog(tenantOf(request), request.query),
  );
};

/** The API tokens, connections and audit log under /api: app.ts registers each area with one call. */
export async function registerAccess(api: FastifyInstance): Promise<void> {
  await api.register(accessRoutes);
}
