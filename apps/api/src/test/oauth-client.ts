import { createHash, randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { auth, type OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from '@modelcontextprotocol/sdk/shared/auth.js';
import type { AccessScope, AuthorizationRequest } from '@saldopilot/shared';
import { buildTestApp } from './build-test-app.js';
import { type Browser, useOrigin } from './test-client.js';

/** A free port on this machine (the OS picks it; closed again at once). */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * A test app listening on a real port whose PUBLIC_URL is that address: OAuth clients find the
 * authorization server through the metadata it publishes, so issuer and address must agree.
 */
export async function listeningTestApp(): Promise<{ app: FastifyInstance; url: string }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const app = await buildTestApp({ PUBLIC_URL: url });
  await app.listen({ port, host: '127.0.0.1' });
  useOrigin(app, url);
  return { app, url };
}

/**
 * An assistant's side of OAuth as the MCP SDK runs it (the SDK's own `auth`): it keeps what the
 * SDK hands it and, instead of opening a browser, remembers the authorization URL for the test.
 */
export class TestAssistant implements OAuthClientProvider {
  authorizationUrl: URL | undefined;
  private information: OAuthClientInformationMixed | undefined;
  private saved: OAuthTokens | undefined;
  private verifier = '';

  constructor(
    readonly name = 'Test-Assistent',
    private readonly scope?: string,
  ) {}

  get redirectUrl(): string {
    return 'http://127.0.0.1:9/callback';
  }
  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: this.name,
      redirect_uris: [this.redirectUrl],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      ...(this.scope ? { scope: this.scope } : {}),
    };
  }
  state(): string {
    return 'zustand-123';
  }
  clientInformation() {
    return this.information;
  }
  saveClientInformation(information: OAuthClientInformationMixed): void {
    this.information = information;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: OAuthTokens): void {
    this.saved = tokens;
  }
  redirectToAuthorization(url: URL): void {
    this.authorizationUrl = url;
  }
  saveCodeVerifier(verifier: string): void {
    this.verifier = verifier;
  }
  codeVerifier(): string {
    return this.verifier;
  }
}

/** The authorization request the consent page received, as its query parameters. */
export function authorizationRequestOf(url: URL): AuthorizationRequest {
  return Object.fromEntries(url.searchParams) as AuthorizationRequest;
}

/**
 * The user on the consent page: reads the prompt and answers it; answers the redirect target the
 * browser would be sent to.
 */
export async function consent(
  user: Browser,
  url: URL,
  answer: { approve?: boolean; scopes?: AccessScope[]; organisationId?: number } = {},
): Promise<URL> {
  const prompt = await user.get(`/api/oauth/authorization${url.search}`);
  if (prompt.statusCode !== 200) throw new Error(`the consent page failed (${prompt.statusCode}): ${prompt.body}`);
  const decided = await user.post('/api/oauth/authorization', {
    request: authorizationRequestOf(url),
    organisationId: answer.organisationId ?? prompt.json<{ organisation: { id: number } }>().organisation.id,
    approve: answer.approve ?? true,
    ...(answer.scopes ? { scopes: answer.scopes } : {}),
  });
  if (decided.statusCode !== 200) throw new Error(`the decision failed (${decided.statusCode}): ${decided.body}`);
  return new URL(decided.json<{ redirectTo: string }>().redirectTo);
}

/**
 * Connects an assistant of `user` through the whole flow against the listening app at `url`:
 * discovery, registration, consent, code exchange. Answers the assistant with its tokens.
 */
export async function connectAssistant(
  url: string,
  user: Browser,
  options: { scope?: string; name?: string; scopes?: AccessScope[] } = {},
): Promise<TestAssistant> {
  const assistant = new TestAssistant(options.name, options.scope);
  const serverUrl = `${url}/api/mcp`;
  if ((await auth(assistant, { serverUrl, ...(options.scope ? { scope: options.scope } : {}) })) !== 'REDIRECT') {
    throw new Error('expected the assistant to be sent to the consent page');
  }
  const redirect = await consent(user, assistant.authorizationUrl!, options.scopes ? { scopes: options.scopes } : {});
  const code = redirect.searchParams.get('code');
  if (!code) throw new Error(`no code: ${redirect.href}`);
  if ((await auth(assistant, { serverUrl, authorizationCode: code })) !== 'AUTHORIZED')
    throw new Error('not authorized');
  return assistant;
}

/**
 * A connection of `user`'s current organisation made step by step through the app's own endpoints
 * (registration, consent, code exchange with PKCE), without a listening server. Answers its id and
 * access token.
 */
export async function aConnection(
  app: FastifyInstance,
  user: Browser,
  scopes: AccessScope[] = ['data:read'],
  name = 'Test-Assistent',
): Promise<{ id: number; accessToken: string; refreshToken: string }> {
  const redirectUri = 'http://127.0.0.1:9/callback';
  const registered = await app.inject({
    method: 'POST',
    url: '/api/oauth/register',
    payload: { client_name: name, redirect_uris: [redirectUri] },
  });
  const clientId = registered.json<{ client_id: string }>().client_id;
  const verifier = randomBytes(32).toString('base64url');
  const request = {
    response_type: 'code',
    client_id: clientId,
    redirect_uri: redirectUri,
    scope: scopes.join(' '),
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  };
  const redirect = await consent(user, new URL(`http://app/oauth/authorize?${new URLSearchParams(request)}`));
  const exchanged = await app.inject({
    method: 'POST',
    url: '/api/oauth/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      grant_type: 'authorization_code',
      code: redirect.searchParams.get('code') ?? '',
      redirect_uri: redirectUri,
      client_id: clientId,
      code_verifier: verifier,
    }).toString(),
  });
  if (exchanged.statusCode !== 200) throw new Error(`the code exchange failed: ${exchanged.body}`);
  const tokens = exchanged.json<{ access_token: string; refresh_token: string }>();
  const connections = (await user.get('/api/connections')).json<{ id: number }[]>();
  return { id: connections[0]!.id, accessToken: tokens.access_token, refreshToken: tokens.refresh_token };
}
