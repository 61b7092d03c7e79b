import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { organisationSwitchSchema, passwordChangeSchema, profileUpdateSchema, userSchema } from '@saldopilot/shared';
import { sessionOf } from '../../plugins/request-context.js';
import { noContent } from '../../plugins/openapi.js';
import type { FastifyInstance } from 'fastify';

// Every member may change their own profile and switch organisation, read-only members included.
const anyRole = { role: 'any' as const };

/** /api/profile: the signed-in user's own data. */
export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const { profile, cookies } = app.deps;

  app.get('/profile', { schema: { response: { 200: userSchema } } }, async (request) =>
    profile.getUser(sessionOf(request).userId),
  );

  app.patch(
    '/profile',
    { config: anyRole, schema: { body: profileUpdateSchema, response: { 200: userSchema } } },
    async (request) => profile.update(sessionOf(request).userId, request.body),
  );

  app.post(
    '/profile/password',
    {
      config: { ...anyRole, errors: ['RATE_LIMITED'] },
      schema: { body: passwordChangeSchema, response: { 204: noContent } },
    },
    async (request, reply) => {
      await profile.changePassword(sessionOf(request).userId, request.body, cookies.refreshToken(request));
      return reply.code(204).send();
    },
  );

  app.patch(
    '/profile/organisation',
    {
      config: { ...anyRole, errors: ['NOT_FOUND'] }, // not one of the user's organisations
      schema: { body: organisationSwitchSchema, response: { 200: userSchema } },
    },
    async (request) => profile.switchOrganisation(sessionOf(request).userId, request.body.organisationId),
  );
};

/** The own profile under /api: app.ts registers each area with one call. */
export async function registerProfile(api: FastifyInstance): Promise<void> {
  await api.register(profileRoutes);
}
