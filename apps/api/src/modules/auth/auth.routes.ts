import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  emailCodeSchema,
  emailOnlySchema,
  loginSchema,
  passwordResetSchema,
  registrationFinishSchema,
  userSchema,
} from '@saldopilot/shared';
import { sessionOf } from '../../plugins/authenticate.js';
import { FOREIGN_ORIGIN } from '../../plugins/csrf.js';
import { AppError } from '../../lib/app-error.js';

const success = z.object({ success: z.literal(true) });
const valid = z.object({ valid: z.literal(true) });
const publicRoute = { public: true };

/** /api/auth/* (public) and /api/access-token. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { auth, sessions, cookies, signIn } = app.deps;

  app.post(
    '/auth/registration/create',
    { config: publicRoute, schema: { body: emailOnlySchema, response: { 200: success } } },
    async (request) => {
      await auth.startRegistration(request.body.email, request.ip);
      return { success: true as const };
    },
  );

  app.post(
    '/auth/registration/check-code',
    { config: publicRoute, schema: { body: emailCodeSchema, response: { 200: valid } } },
    async (request) => {
      await auth.checkRegistrationCode(request.body.email, request.body.code, request.ip);
      return { valid: true as const };
    },
  );

  app.post(
    '/auth/registration/finish',
    { config: publicRoute, schema: { body: registrationFinishSchema, response: { 200: userSchema } } },
    async (request, reply) => signIn(request, reply, await auth.finishRegistration(request.body, request.ip)),
  );

  app.post(
    '/auth/login',
    { config: publicRoute, schema: { body: loginSchema, response: { 200: userSchema } } },
    async (request, reply) => signIn(request, reply, await auth.login(request.body, request.ip)),
  );

  app.get('/auth/logout', { config: publicRoute, schema: { response: { 200: success } } }, async (request, reply) => {
    // Logout is a GET (spec §7), so the Origin check does not cover it: a link on another site
    // must not sign the user out. Browsers tell the origin of a request in Sec-Fetch-Site.
    if (request.headers['sec-fetch-site'] === 'cross-site') throw new AppError('FORBIDDEN', FOREIGN_ORIGIN);
    const refresh = cookies.refreshToken(request);
    if (refresh) await sessions.end(refresh);
    cookies.clear(reply);
    return { success: true as const };
  });

  app.post(
    '/auth/forgot-password',
    { config: publicRoute, schema: { body: emailOnlySchema, response: { 200: success } } },
    async (request) => {
      await auth.forgotPassword(request.body.email, request.ip);
      return { success: true as const };
    },
  );

  app.post(
    '/auth/reset-password-check-code',
    { config: publicRoute, schema: { body: emailCodeSchema, response: { 200: valid } } },
    async (request) => {
      await auth.checkResetCode(request.body.email, request.body.code, request.ip);
      return { valid: true as const };
    },
  );

  app.post(
    '/auth/reset-password',
    { config: publicRoute, schema: { body: passwordResetSchema, response: { 200: success } } },
    async (request) => {
      await auth.resetPassword(request.body, request.ip);
      return { success: true as const };
    },
  );

  // The authentication hook has already renewed the tokens when needed; nothing else to do.
  app.get('/access-token', async (request, reply) => {
    sessionOf(request);
    return reply.code(204).send();
  });
};
