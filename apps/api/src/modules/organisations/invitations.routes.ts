import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  invitationAcceptSchema,
  invitationCheckSchema,
  invitationTokenSchema,
  myInvitationParamsSchema,
  myInvitationSchema,
  userSchema,
} from '@saldopilot/shared';
import { sessionOf } from '../../plugins/request-context.js';
import { noContent } from '../../plugins/openapi.js';

/** The invitee's side: check and accept by token (public), and one's own pending invitations. */
export const invitationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { invitations, profile, signIn } = app.deps;

  app.get(
    '/auth/invitation/check',
    {
      config: { public: true, errors: ['NOT_FOUND', 'GONE', 'RATE_LIMITED'] },
      schema: {
        querystring: z.strictObject({ token: invitationTokenSchema }),
        response: { 200: invitationCheckSchema },
      },
    },
    async (request) => invitations.check(request.query.token, request.ip),
  );

  app.post(
    '/auth/invitation/accept',
    {
      // UNAUTHENTICATED: the wrong password of an existing account.
      config: { public: true, errors: ['UNAUTHENTICATED', 'NOT_FOUND', 'CONFLICT', 'GONE', 'RATE_LIMITED'] },
      schema: { body: invitationAcceptSchema, response: { 200: userSchema } },
    },
    async (request, reply) => signIn(request, reply, await invitations.accept(request.body, request.ip)),
  );

  app.get('/me/invitations', { schema: { response: { 200: z.array(myInvitationSchema) } } }, async (request) =>
    invitations.mine(sessionOf(request).userId),
  );

  app.post(
    '/me/invitations/:id/accept',
    { config: { role: 'any' }, schema: { params: myInvitationParamsSchema, response: { 200: userSchema } } },
    async (request) => {
      const { userId } = sessionOf(request);
      await invitations.acceptMine(userId, request.params.id);
      return profile.getUser(userId);
    },
  );

  app.delete(
    '/me/invitations/:id',
    { config: { role: 'any' }, schema: { params: myInvitationParamsSchema, response: { 204: noContent } } },
    async (request, reply) => {
      await invitations.decline(sessionOf(request).userId, request.params.id);
      return reply.code(204).send();
    },
  );
};
