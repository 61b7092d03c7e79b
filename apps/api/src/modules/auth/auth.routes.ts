import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  emailCodeSchema,
  emailOnlySchema,
  loginSchema,
  passwordResetSchema,
  registrationFinishSchema,
  userSchema,
  type ErrorCode,
} from '@saldopilot/shared';
import { sessionOf } from '../../plugins/request-context.js';
import { FOREIGN_ORIGIN } from '../../plugins/csrf.js';
import { AppError } from '../../lib/app-error.js';
import { noContent } from '../../plugins/openapi.js';
import type { FastifyInstance } from 'fastify';

const success = z.object({ success: z.literal(true) });
const valid = z.object({ valid: z.literal(true) });
/** A route of the auth pages: no session needed; `errors` are those its own work answers. */
const publicRoute = (...errors: ErrorCode[]) => ({ public: true, errors });

/** /api/auth/* (public) and /api/access-token. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { auth, sessions, cookies, signIn } = app.deps;

  app.post(
    '/auth/registration/create',
    { config: publicRoute('CONFLICT', 'RATE_LIMITED'), schema: { body: emailOnlySchema, response: { 200: success } } },
    async (request) => {
      await auth.startRegistration(request.body.email, request.ip);
      return { success: true as const };
    },
  );

  app.post(
    '/auth/registration/check-code',
    { config: publicRoute('RATE_LIMITED'), schema: { body: emailCodeSchema, response: { 200: valid } } },
    async (request) => {
      await auth.checkRegistrationCode(request.body.email, request.body.code, request.ip);
      return { valid: true as const };
    },
  );

  app.post(
    '/auth/registration/finish',
    {
      config: publicRoute('CONFLICT', 'RATE_LIMITED'),
      schema: { body: registrationFinishSchema, response: { 200: userSchema } },
    },
    async (request, reply) => signIn(request, reply, await auth.finishRegistration(request.body, request.ip)),
  );

  app.post(
    '/auth/login',
    {
      config: publicRoute('UNAUTHENTICATED', 'RATE_LIMITED'),
      schema: { body: loginSchema, response: { 200: userSchema } },
    },
    async (request, reply) => signIn(request, reply, await auth.login(request.body, request.ip)),
  );

  // FORBIDDEN: a cross-site logout, see below.
  app.get(
    '/auth/logout',
    { config: publicRoute('FORBIDDEN'), schema: { response: { 200: success } } },
    async (request, reply) => {
      // Logout is a GET (docs/product.md "API calls"), so the Origin check does not cover it: a link on another site
      // must not sign the user out. Browsers tell the origin of a request in Sec-Fetch-Site.
      if (request.headers['sec-fetch-site'] === 'cross-site') throw new AppError('FORBIDDEN', FOREIGN_ORIGIN);
      const refresh = cookies.refreshToken(request);
      if (refresh) await sessions.end(refresh);
      cookies.clear(reply);
      return { success: true as const };
    },
  );

  app.post(
    '/auth/forgot-password',
    { config: publicRoute('RATE_LIMITED'), schema: { body: emailOnlySchema, response: { 200: success } } },
    async (request) => {
      await auth.forgotPassword(request.body.email, request.ip);
      return { success: true as const };
    },
  );

  app.post(
    '/auth/reset-password-check-code',
    { config: publicRoute('RATE_LIMITED'), schema: { body: emailCodeSchema, response: { 200: valid } } },
    async (request) => {
      await auth.checkResetCode(request.body.email, request.body.code, request.ip);
      return { valid: true as const };
    },
  );

  app.post(
    '/auth/reset-password',
    { config: publicRoute('RATE_LIMITED'), schema: { body: passwordResetSchema, response: { 200: success } } },
    async (request) => {
      await auth.resetPassword(request.body, request.ip);
      return { success: true as const };
    },
  );

  // The authentication hook has already renewed the tokens when needed; nothing else to do.
  app.get('/access-token', { schema: { response: { 204: noContent } } }, async (request, reply) => {
    sessionOf(request);
    return reply.code(204).send();
  });
};

/** The sign-in, registration and password reset under /api: app.ts registers each area with one call. */
export async function registerAuth(api: FastifyInstance): Promise<void> {
  await api.register(authRoutes);
}
