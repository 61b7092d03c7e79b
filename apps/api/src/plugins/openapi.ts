import type { FastifyContextConfig, FastifyInstance, FastifySchema } from 'fastify';
import swagger from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorBodySchema, errorCodes, type ErrorCode } from '@saldopilot/shared';
import { SAFE_METHODS } from './csrf.js';
import { scopesForRoute } from './token-scopes.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The errors a route's own work answers beyond those every route of its kind can (see
     * `documentedErrors`): e.g. RATE_LIMITED from a limit, CONFLICT from the data, 401 on a public
     * sign-in call. The OpenAPI document lists them; test apps fail on an answer it does not list.
     */
    errors?: ErrorCode[];
  }
}

const descriptions: Record<ErrorCode, string> = {
  VALIDATION_FAILED: 'Invalid input: `fields` names each invalid field in German; also malformed or empty JSON.',
  UNAUTHENTICATED:
    'No valid session (cookies cleared, `logout: true`) or an invalid, expired or revoked bearer token; on a sign-in call: wrong credentials.',
  FORBIDDEN:
    "The role does not allow this, a bearer token lacks the route's scope (or the route is closed to tokens), or a write with a session cookie from a foreign origin (CSRF).",
  NOT_FOUND: "Not found, or not the caller's (another organisation's rows look missing).",
  CONFLICT: 'Conflicts with the stored data, or the same Idempotency-Key is still being processed.',
  GONE: 'The link has expired.',
  PAYLOAD_TOO_LARGE: 'The body is larger than 1 MB (a bank file: 20 MB).',
  UNSUPPORTED_MEDIA_TYPE: 'The body is not JSON (a bank file: not one of the listed content types).',
  RATE_LIMITED: 'Too many attempts; the Retry-After header says when to try again.',
  INTERNAL: 'An unexpected error (logged).',
  UNAVAILABLE: 'The database is unreachable.',
};

/**
 * The answer of a route without a body (204), so the document says 204 and not 200. z.undefined():
 * `reply.code(204).send()` passes it, and the zod provider documents it as a response without content.
 */
export const noContent = z.undefined().describe('Done; no body.');

// Per status the error shape with its one code, so the document says which code each status carries.
const errorResponse = (code: ErrorCode) =>
  apiErrorBodySchema.extend({ code: z.literal(code) }).describe(descriptions[code]);

/**
 * The errors a route can answer, from what every route of its kind passes through: the error
 * handler (500) and the database (503); validation of its inputs (400); for writes the body parser
 * (malformed JSON 400, over 1 MB 413, not JSON 415) and the CSRF check (403, public routes too);
 * behind the session gate 401, the role guard and a bearer token's scopes (403) and, for writes, a
 * running Idempotency-Key (409); a path parameter names something that may not exist (404).
 * `config.errors` adds the rest.
 */
export function documentedErrors(method: string, schema: FastifySchema = {}, config: FastifyContextConfig = {}) {
  const write = !SAFE_METHODS.has(method);
  const gated = !config.public;
  const codes = new Set<ErrorCode>(['INTERNAL', 'UNAVAILABLE']);
  if (write || schema.body || schema.params || schema.querystring) codes.add('VALIDATION_FAILED');
  if (gated) codes.add('UNAUTHENTICATED');
  if (write || gated) codes.add('FORBIDDEN');
  if (schema.params) codes.add('NOT_FOUND');
  if (write && gated) codes.add('CONFLICT');
  if (write) codes.add('PAYLOAD_TOO_LARGE').add('UNSUPPORTED_MEDIA_TYPE');
  for (const code of config.errors ?? []) codes.add(code);
  return [...codes].sort((a, b) => errorCodes[a] - errorCodes[b]);
}

/**
 * Who may call a route: nobody needs to sign in for a public one; a route closed to tokens takes
 * the session only; the others take a bearer token too, whose scopes the description names.
 */
function securityOf(method: string, url: string, config: FastifyContextConfig = {}) {
  if (config.public) return { security: [] };
  if (config.bearerOnly) return { security: [{ bearer: [] }] };
  const scopes = url.startsWith('/api/') ? scopesForRoute(method, url) : undefined;
  if (!scopes) return { security: [{ session: [] }] };
  const needs = scopes.length > 0 ? `Bearer tokens need the scope ${scopes.join(' and ')}.` : 'Any bearer token.';
  return { 'x-token-scopes': scopes, description: needs };
}

/**
 * The OpenAPI document (`app.swagger()`, served at /api/docs), generated from the routes' own zod
 * schemas plus the shared error shape under each status `documentedErrors` gives the route.
 * With `checkStatuses` (test apps) every answer of a documented route is compared with its
 * document, and closing the app fails naming each status the document does not list: so the
 * whole API suite keeps the document honest.
 */
export async function registerOpenApi(app: FastifyInstance, options: { checkStatuses?: boolean } = {}) {
  await app.register(swagger, {
    openapi: {
      info: { title: 'SaldoPilot API', version: '1.0.0' },
      // Who may call (docs/access.md): the web app's session cookies, or a bearer secret — a
      // personal API token (sp_pat_…) or an assistant's OAuth access token (sp_at_…) with scopes.
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'sp_access' },
          bearer: { type: 'http', scheme: 'bearer', description: 'Personal API token or OAuth 2.1 access token' },
        },
      },
      security: [{ session: [] }, { bearer: [] }],
    },
    transform: (input) => {
      const { route } = input;
      const method = [route.method].flat()[0]!;
      const errors = documentedErrors(method, route.schema, route.config as FastifyContextConfig | undefined);
      const response = {
        ...Object.fromEntries(errors.map((code) => [errorCodes[code], errorResponse(code)])),
        ...(input.schema?.response as object | undefined),
      };
      const transformed = jsonSchemaTransform({
        ...input,
        schema: { ...input.schema, response, ...securityOf(method, input.url, route.config) },
      });
      // A file as the raw body: documented as binary under each content type the route reads.
      const raw = (route.config as FastifyContextConfig | undefined)?.rawBody;
      if (!raw) return transformed;
      const body = { type: 'string', format: 'binary', description: `The file: ${raw.accepted}.` };
      return { ...transformed, schema: { ...transformed.schema, body, consumes: [...raw.contentTypes] } };
    },
  });
  if (!options.checkStatuses) return;

  const undocumented = new Set<string>();
  app.addHook('onResponse', async (request, reply) => {
    const { url, schema } = request.routeOptions;
    // Unknown paths have no route; hidden routes (the document itself, the dev outbox) no document.
    if (!url || (schema as { hide?: boolean } | undefined)?.hide) return;
    const method = request.method === 'HEAD' ? 'get' : request.method.toLowerCase();
    const path = url.replace(/:(\w+)/g, '{$1}');
    const operation = (app.swagger().paths?.[path] as Record<string, { responses?: object }> | undefined)?.[method];
    if (!operation?.responses || !(reply.statusCode in operation.responses)) {
      undocumented.add(`${request.method} ${url} answered ${reply.statusCode}`);
    }
  });
  app.addHook('onClose', async () => {
    if (undocumented.size > 0) {
      throw new Error(
        `answers the OpenAPI document does not list: ${[...undocumented].join('; ')} ` +
          "(declare them in the route's response schema or config.errors, see plugins/openapi.ts)",
      );
    }
  });
}
