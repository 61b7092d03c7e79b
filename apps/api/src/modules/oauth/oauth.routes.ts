import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorBodySchema,
  authorizationDecisionSchema,
  authorizationPromptSchema,
  authorizationRedirectSchema,
  authorizationRequestSchema,
  oauthClientInformationSchema,
  oauthClientMetadataSchema,
  oauthErrorSchema,
  oauthFormSchema,
  oauthTokenSchema,
} from '@saldopilot/shared';
import { AppError } from '../../lib/app-error.js';
import { sessionOf } from '../../plugins/request-context.js';
import { authorizationServerMetadata, protectedResourceMetadata } from './oauth-metadata.js';
import { OAuthError } from './oauth.service.js';

const FORM_LIMIT = 16 * 1024;

export const oauthRouteMessages = {
  formOnly: 'Der Aufruf muss als application/x-www-form-urlencoded gesendet werden.',
} as const;
const metadataSchema = z.record(z.string(), z.unknown());

/**
 * /api/oauth/…: the authorization server (docs/access.md "OAuth"). Registration, token and
 * revocation are the protocol's own public endpoints: forms (token, revocation) or JSON
 * (registration) in, RFC 6749's error shape out, since OAuth clients read that. The consent page's
 * two calls are the web app's, with the session, in the API's own shapes.
 */
export const oauthRoutes: FastifyPluginAsyncZod = async (app) => {
  const { oauth } = app.deps;

  // The protocol's forms: each parameter once (RFC 6749 §3.1), at most 16 KB.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_LIMIT },
    (_request, body, done) => {
      const form: Record<string, string> = {};
      for (const [key, value] of new URLSearchParams(body as string)) {
        if (key in form) {
          done(new AppError('VALIDATION_FAILED', `Der Parameter «${key.slice(0, 60)}» kommt mehrfach vor.`), undefined);
          return;
        }
        form[key] = value;
      }
      done(null, form);
    },
  );

  // A malformed request (a form field too long, a parameter twice, JSON that is no object) is
  // refused before the endpoint runs, in the API's own shape: either can come with a 400.
  const protocolErrors = { 400: z.union([oauthErrorSchema, apiErrorBodySchema]) };
  const noStore = { 'cache-control': 'no-store', pragma: 'no-cache' };

  // Token and revocation requests are forms (RFC 6749 §3.2, RFC 7009 §2.1): another body (JSON,
  // which the app's own parser would read) is refused in OAuth's shape before it is looked at.
  const formOnly = {
    preValidation: async (request: FastifyRequest, reply: FastifyReply) => {
      const type = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
      if (type === 'application/x-www-form-urlencoded') return;
      return reply.code(400).send({ error: 'invalid_request', error_description: oauthRouteMessages.formOnly });
    },
  };

  app.post(
    '/oauth/register',
    {
      schema: { body: oauthClientMetadataSchema, response: { 201: oauthClientInformationSchema, ...protocolErrors } },
      config: { public: true, errors: ['RATE_LIMITED'] },
    },
    async (request, reply) => {
      try {
        return reply
          .code(201)
          .headers(noStore)
          .send(await oauth.register(request.body, request.ip));
      } catch (error) {
        return protocolFailure(reply, error);
      }
    },
  );

  app.post(
    '/oauth/token',
    {
      schema: { body: oauthFormSchema, response: { 200: oauthTokenSchema, ...protocolErrors } },
      config: { public: true },
      ...formOnly,
    },
    async (request, reply) => {
      try {
        return reply.headers(noStore).send(await oauth.token(request.body));
      } catch (error) {
        return protocolFailure(reply, error);
      }
    },
  );

  app.post(
    '/oauth/revoke',
    {
      schema: { body: oauthFormSchema, response: { 200: z.object({}), ...protocolErrors } },
      config: { public: true },
      ...formOnly,
    },
    async (request, reply) => {
      try {
        await oauth.revoke(request.body);
        return reply.send({});
      } catch (error) {
        return protocolFailure(reply, error);
      }
    },
  );

  app.get(
    '/oauth/authorization',
    {
      schema: { querystring: authorizationRequestSchema, response: { 200: authorizationPromptSchema } },
      config: { role: 'any' },
    },
    async (request) => {
      const { userId, organisationId } = sessionOf(request);
      return oauth.prompt(userId, organisationId, request.query);
    },
  );

  app.post(
    '/oauth/authorization',
    {
      schema: { body: authorizationDecisionSchema, response: { 200: authorizationRedirectSchema } },
      config: { role: 'any', errors: ['NOT_FOUND'] },
    },
    async (request) => oauth.decide(sessionOf(request).userId, request.body),
  );
};

/** An OAuthError as its RFC 6749 answer; anything else goes on to the error handler. */
function protocolFailure(reply: FastifyReply, error: unknown): FastifyReply {
  if (!(error instanceof OAuthError)) throw error;
  return reply.code(error.status).send({ error: error.error, error_description: error.description });
}

/** The well-known metadata (RFC 8414, RFC 9728), outside /api where clients look for them. */
export const oauthMetadataRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app.deps;
  const cached = { 'cache-control': 'public, max-age=3600' };
  const resource = protectedResourceMetadata(config.PUBLIC_URL);
  const server = authorizationServerMetadata(config.PUBLIC_URL);
  // Discovery documents of the protocol, not API operations: kept out of the OpenAPI document.
  const options = { schema: { hide: true, response: { 200: metadataSchema } }, config: { public: true } } as const;
  for (const path of ['/.well-known/oauth-protected-resource', '/.well-known/oauth-protected-resource/api/mcp']) {
    app.get(path, options, async (_request, reply) => reply.headers(cached).send(resource));
  }
  app.get('/.well-known/oauth-authorization-server', options, async (_request, reply) =>
    reply.headers(cached).send(server),
  );
};

/** The OAuth authorization server under /api: app.ts registers each area with one call. */
export async function registerOAuth(api: FastifyInstance): Promise<void> {
  await api.register(oauthRoutes);
}
