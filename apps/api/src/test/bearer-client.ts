import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { AccessScope, ApiTokenCreated } from '@saldopilot/shared';
import { type Browser, uniqueIp } from './test-client.js';

/**
 * A program calling the API with a bearer secret (a personal API token or an assistant's access
 * token): no cookies, no Origin, the same methods as the browser-like client, so the factories work
 * with it too.
 */
export function bearerClient(app: FastifyInstance, secret: string): Browser {
  const ip = uniqueIp();
  async function send(options: InjectOptions): Promise<LightMyRequestResponse> {
    return app.inject({
      ...options,
      remoteAddress: ip,
      headers: { authorization: `Bearer ${secret}`, ...(options.headers ?? {}) },
    });
  }
  return {
    jar: {},
    ip,
    send,
    get: (url: string) => send({ method: 'GET', url }),
    post: (url: string, payload?: object) => send({ method: 'POST', url, ...(payload ? { payload } : {}) }),
    patch: (url: string, payload?: object) => send({ method: 'PATCH', url, ...(payload ? { payload } : {}) }),
    delete: (url: string) => send({ method: 'DELETE', url }),
  };
}

/** A personal API token of the signed-in `user` in their current organisation, made through the API. */
export async function anApiToken(
  user: Browser,
  scopes: AccessScope[],
  overrides: { name?: string; expiresInDays?: number } = {},
): Promise<ApiTokenCreated> {
  const response = await user.post('/api/api-tokens', { name: 'Skript', expiresInDays: 30, scopes, ...overrides });
  if (response.statusCode !== 201)
    throw new Error(`creating a token failed (${response.statusCode}): ${response.body}`);
  return response.json<ApiTokenCreated>();
}
