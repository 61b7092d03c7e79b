import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  invitationCreateSchema,
  invitationParamsSchema,
  invitationSchema,
  memberParamsSchema,
  memberSchema,
  memberUpdateSchema,
  organisationCreateSchema,
  organisationIdParamsSchema,
  organisationSchema,
  organisationUpdateSchema,
  pageQuerySchema,
  pageSchema,
  PAGINATION,
} from '@saldopilot/shared';
import { sessionOf } from '../../plugins/request-context.js';
import { noContent } from '../../plugins/openapi.js';
import type { FastifyInstance } from 'fastify';
import { invitationsRoutes } from './invitations.routes.js';

// The gate lets every member through; the services check the role in the organisation of the URL.
const checkedByService = { role: 'any' as const };

/** /api/organisations: organisations, members, invitations. */
export const organisationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { organisations, invitations } = app.deps;

  app.get(
    '/organisations',
    {
      schema: {
        querystring: pageQuerySchema(PAGINATION.organisations.limit),
        response: { 200: pageSchema(organisationSchema) },
      },
    },
    async (request) => organisations.list(sessionOf(request).userId, request.query),
  );

  app.post(
    '/organisations',
    { config: checkedByService, schema: { body: organisationCreateSchema, response: { 201: organisationSchema } } },
    async (request, reply) => reply.code(201).send(await organisations.create(sessionOf(request).userId, request.body)),
  );

  app.get(
    '/organisations/:id',
    { schema: { params: organisationIdParamsSchema, response: { 200: organisationSchema } } },
    async (request) => organisations.get(sessionOf(request).userId, request.params.id),
  );

  app.patch(
    '/organisations/:id',
    {
      config: checkedByService,
      schema: {
        params: organisationIdParamsSchema,
        body: organisationUpdateSchema,
        response: { 200: organisationSchema },
      },
    },
    async (request) => organisations.update(sessionOf(request).userId, request.params.id, request.body),
  );

  app.get(
    '/organisations/:id/members',
    { schema: { params: organisationIdParamsSchema, response: { 200: z.array(memberSchema) } } },
    async (request) => organisations.members(sessionOf(request).userId, request.params.id),
  );

  app.patch(
    '/organisations/:id/members/:userId',
    {
      config: checkedByService,
      schema: { params: memberParamsSchema, body: memberUpdateSchema, response: { 200: memberSchema } },
    },
    async (request) =>
      organisations.changeRole(sessionOf(request).userId, request.params.id, request.params.userId, request.body.role),
  );

  app.delete(
    '/organisations/:id/members/:userId',
    { config: checkedByService, schema: { params: memberParamsSchema, response: { 204: noContent } } },
    async (request, reply) => {
      await organisations.removeMember(sessionOf(request).userId, request.params.id, request.params.userId);
      return reply.code(204).send();
    },
  );

  app.get(
    '/organisations/:id/invitations',
    {
      config: { errors: ['FORBIDDEN'] }, // only admins and owners see them
      schema: { params: organisationIdParamsSchema, response: { 200: z.array(invitationSchema) } },
    },
    async (request) => invitations.list(sessionOf(request).userId, request.params.id),
  );

  app.post(
    '/organisations/:id/invitations',
    {
      config: { ...checkedByService, errors: ['RATE_LIMITED'] }, // invitation mails per hour and day
      schema: { params: organisationIdParamsSchema, body: invitationCreateSchema, response: { 201: invitationSchema } },
    },
    async (request, reply) =>
      reply.code(201).send(await invitations.invite(sessionOf(request).userId, request.params.id, request.body)),
  );

  app.delete(
    '/organisations/:id/invitations/:invitationId',
    { config: checkedByService, schema: { params: invitationParamsSchema, response: { 204: noContent } } },
    async (request, reply) => {
      await invitations.revoke(sessionOf(request).userId, request.params.id, request.params.invitationId);
      return reply.code(204).send();
    },
  );

  app.post(
    '/organisations/:id/invitations/:invitationId/resend',
    {
      config: { ...checkedByService, errors: ['RATE_LIMITED'] }, // at most every 10 minutes
      schema: { params: invitationParamsSchema, response: { 200: invitationSchema } },
    },
    async (request) => invitations.resend(sessionOf(request).userId, request.params.id, request.params.invitationId),
  );
};

/** The organisations and their invitations under /api: app.ts registers each area with one call. */
export async function registerOrganisations(api: FastifyInstance): Promise<void> {
  await api.register(organisationsRoutes);
  await api.register(invitationsRoutes);
}
