import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error.js';
import { buildTestApp, useTestApp } from '../test/build-test-app.js';
import { signUp } from '../test/test-client.js';

const app = useTestApp();

interface Operation {
  requestBody?: { content: Record<string, { schema: { properties: Record<string, { minLength?: number }> } }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: unknown }> }>;
}
type Paths = Record<string, Record<string, Operation>>;

let paths: Paths;
beforeAll(async () => {
  const response = await (await signUp(app)).get('/api/docs');
  expect(response.statusCode).toBe(200);
  paths = response.json<{ paths: Paths }>().paths;
});

const operation = (method: string, path: string) => paths[path]![method.toLowerCase()]!;
const statuses = (method: string, path: string) => Object.keys(operation(method, path).responses);

describe('the OpenAPI document', () => {
  it.each([
    ['DELETE', '/api/organisations/{id}/members/{userId}'],
    ['DELETE', '/api/organisations/{id}/invitations/{invitationId}'],
    ['DELETE', '/api/me/invitations/{id}'],
    ['POST', '/api/profile/password'],
    ['GET', '/api/access-token'],
  ])('documents %s %s as 204 without a body, not 200', (method, path) => {
    expect(statuses(method, path)).toContain('204');
    expect(statuses(method, path)).not.toContain('200');
    expect(operation(method, path).responses['204']!.content).toBeUndefined();
  });

  it('documents the 8 characters a password needs when accepting an invitation', () => {
    const body = operation('POST', '/api/auth/invitation/accept').requestBody!.content['application/json']!;
    expect(body.schema.properties['password']).toMatchObject({ minLength: 8, maxLength: 128 });
  });

  const OAUTH_PROTOCOL = new Set(['/api/oauth/register', '/api/oauth/token', '/api/oauth/revoke']);

  it('documents the error shape under every error status of every route', () => {
    const errorShape = {
      type: 'object',
      properties: { error: { type: 'string' }, code: { type: 'string' } },
      required: expect.arrayContaining(['error', 'code']),
    };
    for (const [path, methods] of Object.entries(paths)) {
      for (const [method, { responses }] of Object.entries(methods)) {
        const route = `${method.toUpperCase()} ${path}`;
        expect(
          Object.keys(responses).some((status) => status.startsWith('2')),
          route,
        ).toBe(true);
        expect(Object.keys(responses), route).toEqual(expect.arrayContaining(['500', '503']));
        for (const [status, response] of Object.entries(responses)) {
          if (Number(status) < 400) continue;
          const schema = response.content?.['application/json']?.schema as { anyOf?: unknown[] } | undefined;
          // The OAuth protocol's endpoints answer its own errors (RFC 6749 §5.2) beside the API's.
          if (OAUTH_PROTOCOL.has(path) && status === '400') {
            expect(schema?.anyOf?.[0], route).toMatchObject({ required: ['error', 'error_description'] });
            expect(schema?.anyOf?.[1], route).toMatchObject(errorShape);
          } else if (path === '/api/mcp' && (status === '400' || status === '406')) {
            // MCP's transport refuses in JSON-RPC (a broken message 400 beside the API's own, 406).
            const jsonRpc = { required: expect.arrayContaining(['jsonrpc', 'error']) };
            expect(schema?.anyOf?.[0] ?? schema, route).toMatchObject(jsonRpc);
            if (status === '400') expect(schema?.anyOf?.[1], route).toMatchObject(errorShape);
          } else expect(schema, `${route} ${status}`).toMatchObject(errorShape);
        }
      }
    }
  });

  it('derives the statuses from the kind of route, plus what the route names itself', () => {
    // Public write with a limit and a failed sign-in: no session gate (no 409), no path parameter (no 404).
    expect(statuses('POST', '/api/auth/login')).toEqual([
      '200',
      '400',
      '401',
      '403',
      '413',
      '415',
      '429',
      '500',
      '503',
    ]);
    // Signed-in read without inputs: the session gate (401), a bearer token it is closed to (403), failures.
    expect(statuses('GET', '/api/profile')).toEqual(['200', '401', '403', '500', '503']);
    // Signed-in write on a path parameter: validation, gate, CSRF and role, missing, Idempotency-Key, body parser.
    const organisationUpdate = ['200', '400', '401', '403', '404', '409', '413', '415', '500', '503'];
    expect(statuses('PATCH', '/api/organisations/{id}')).toEqual(organisationUpdate);
    expect(operation('GET', '/api/profile').responses['401']!.content!['application/json']!.schema).toMatchObject({
      properties: { code: { enum: ['UNAUTHENTICATED'] } },
    });
  });

  it('leaves out the routes that are not part of the API', () => {
    expect(Object.keys(paths).filter((path) => !path.startsWith('/api/'))).toEqual([]);
    expect(paths['/api/docs']).toBeUndefined();
    expect(paths['/api/dev/outbox']).toBeUndefined();
    // The test helper of docs/plan-actual.md "Accuracy per horizon" (development only, like the outbox).
    expect(paths['/api/dev/forecast-snapshots']).toBeUndefined();
  });
});

describe('the documented-status check of the test apps', () => {
  it('fails closing the app when a route answered a status its document does not list', async () => {
    const probes: FastifyPluginAsync = async (api) => {
      api
        .withTypeProvider<ZodTypeProvider>()
        .get(
          '/probe/gone',
          { config: { public: true }, schema: { response: { 200: z.object({ ok: z.boolean() }) } } },
          async () => {
            throw new AppError('GONE', 'weg');
          },
        );
    };
    const probed = await buildTestApp({}, { apiPlugins: [probes] });
    expect((await probed.inject({ method: 'GET', url: '/api/probe/gone' })).statusCode).toBe(410);
    await expect(probed.close()).rejects.toThrow('GET /api/probe/gone answered 410');
  });
});
