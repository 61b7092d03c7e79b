import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { auth } from '@modelcontextprotocol/sdk/client/auth.js';
import type { AuditLog, Connection } from '@saldopilot/shared';
import { bearerClient } from '../../test/bearer-client.js';
import { aTransaction } from '../../test/factories.js';
import {
  authorizationRequestOf,
  connectAssistant,
  consent,
  listeningTestApp,
  TestAssistant,
} from '../../test/oauth-client.js';
import { addMember, twoTenants } from '../../test/tenants.js';
import { browser, signUp } from '../../test/test-client.js';
import { fetchClientMetadataDocument } from './client-metadata.js';

// docs/access.md "OAuth": the MCP SDK's own client runs the flow against a listening test app.

let app: FastifyInstance;
let url: string;
beforeAll(async () => {
  ({ app, url } = await listeningTestApp());
});
afterAll(async () => {
  await app.close();
});

async function form(path: string, fields: Record<string, string>) {
  return app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
}

describe('discovery', () => {
  it('publishes the protected resource and the authorization server', async () => {
    const resource = (await app.inject('/.well-known/oauth-protected-resource/api/mcp')).json();
    expect(resource).toMatchObject({ resource: `${url}/api/mcp`, authorization_servers: [url] });
    const server = (await app.inject('/.well-known/oauth-authorization-server')).json();
    expect(server).toMatchObject({
      issuer: url,
      authorization_endpoint: `${url}/oauth/authorize`,
      token_endpoint: `${url}/api/oauth/token`,
      registration_endpoint: `${url}/api/oauth/register`,
      revocation_endpoint: `${url}/api/oauth/revoke`,
      code_challenge_methods_supported: ['S256'],
      client_id_metadata_document_supported: true,
      scopes_supported: [
        'forecast:read',
        'data:read',
        'data:write',
        'salaries:read',
        'salaries:write',
        'portfolio:read',
      ],
    });
  });
});

describe('the authorization code flow', () => {
  it('connects an assistant with the scopes the user grants; its token reads the organisation within them', async () => {
    const owner = await signUp(app);
    await aTransaction(owner, { name: 'Miete' });
    const assistant = await connectAssistant(url, owner, {
      scope: 'forecast:read data:read salaries:read',
      scopes: ['forecast:read', 'data:read'],
      name: 'Claude',
    });
    const tokens = assistant.tokens()!;
    expect(tokens).toMatchObject({ token_type: 'Bearer', expires_in: 3600, scope: 'forecast:read data:read' });
    expect(tokens.access_token).toMatch(/^sp_at_/);
    const reading = bearerClient(app, tokens.access_token);
    expect(
      (await reading.get('/api/transactions')).json<{ data: { name: string }[] }>().data.map((t) => t.name),
    ).toEqual(['Miete']);
    expect((await reading.get('/api/forecasts')).statusCode).toBe(200);
    // Not granted: no salaries, no writes.
    expect((await reading.get('/api/employees')).statusCode).toBe(403);
    expect((await reading.post('/api/categories', { name: 'Nein' })).statusCode).toBe(403);

    const [connection] = (await owner.get('/api/connections')).json<Connection[]>();
    expect(connection).toMatchObject({
      clientName: 'Claude',
      scopes: ['forecast:read', 'data:read'],
      organisationName: 'Meine Organisation',
    });
    expect(connection!.lastUsedAt).not.toBeNull();
  });

  it('shows the consent page what the client asks for and refuses what is not registered', async () => {
    const owner = await signUp(app);
    const assistant = new TestAssistant('Kalender-Bot', 'data:read');
    expect(await auth(assistant, { serverUrl: `${url}/api/mcp`, scope: 'data:read' })).toBe('REDIRECT');
    const asked = assistant.authorizationUrl!;
    expect(asked.origin + asked.pathname).toBe(`${url}/oauth/authorize`);
    const prompt = await owner.get(`/api/oauth/authorization${asked.search}`);
    expect(prompt.json()).toMatchObject({
      client: { name: 'Kalender-Bot' },
      scopes: ['data:read'],
      organisation: { id: owner.user.currentOrganisationId, name: 'Meine Organisation' },
      redirectUri: 'http://127.0.0.1:9/callback',
    });

    const request = authorizationRequestOf(asked);
    const cases: [Partial<typeof request>, string][] = [
      [
        { redirect_uri: 'https://evil.example/callback' },
        'Die Weiterleitungsadresse ist für diesen Client nicht registriert.',
      ],
      [{ client_id: 'unbekannt' }, 'Dieser Client ist nicht registriert.'],
      [
        { code_challenge_method: 'plain' },
        'Der Client muss PKCE mit S256 verwenden (code_challenge, code_challenge_method=S256).',
      ],
      [{ response_type: 'token' }, 'Nur der Ablauf mit Autorisierungscode (response_type=code) wird unterstützt.'],
      [{ scope: 'data:read admin' }, 'Der Client verlangt unbekannte Berechtigungen.'],
      [{ resource: 'https://example.com/api/mcp' }, `Zugriff kann nur für ${url}/api/mcp erteilt werden.`],
    ];
    for (const [change, message] of cases) {
      const query = new URLSearchParams({ ...request, ...change } as Record<string, string>);
      const refused = await owner.get(`/api/oauth/authorization?${query}`);
      expect(refused.statusCode, message).toBe(400);
      expect(refused.json().error).toBe(message);
    }
    // Without a session the page's call is a 401 (the web app sends the user to the login).
    expect((await browser(app).get(`/api/oauth/authorization${asked.search}`)).statusCode).toBe(401);
  });

  it('sends the client access_denied when the user declines, and nothing is connected', async () => {
    const owner = await signUp(app);
    const assistant = new TestAssistant();
    await auth(assistant, { serverUrl: `${url}/api/mcp` });
    const redirect = await consent(owner, assistant.authorizationUrl!, { approve: false });
    expect(Object.fromEntries(redirect.searchParams)).toEqual({
      error: 'access_denied',
      state: 'zustand-123',
      iss: url,
    });
    expect((await owner.get('/api/connections')).json()).toEqual([]);
  });

  it('grants only what was asked, only for an organisation of the user', async () => {
    const { a, organisationB } = await twoTenants(app);
    const assistant = new TestAssistant();
    await auth(assistant, { serverUrl: `${url}/api/mcp`, scope: 'data:read' });
    const request = authorizationRequestOf(assistant.authorizationUrl!);
    const more = await a.post('/api/oauth/authorization', {
      request,
      organisationId: a.user.currentOrganisationId,
      approve: true,
      scopes: ['data:read', 'data:write'],
    });
    expect(more.statusCode).toBe(400);
    const foreign = await a.post('/api/oauth/authorization', { request, organisationId: organisationB, approve: true });
    expect(foreign.statusCode).toBe(404);
  });

  it('takes a code once, with its verifier, from its client, to its redirect URI', async () => {
    const owner = await signUp(app);
    const assistant = new TestAssistant();
    await auth(assistant, { serverUrl: `${url}/api/mcp` });
    const code = (await consent(owner, assistant.authorizationUrl!)).searchParams.get('code')!;
    const clientId = assistant.clientInformation()!.client_id;
    const exchange = (fields: Record<string, string>) =>
      form('/api/oauth/token', {
        grant_type: 'authorization_code',
        code,
        redirect_uri: 'http://127.0.0.1:9/callback',
        client_id: clientId,
        code_verifier: assistant.codeVerifier(),
        ...fields,
      });
    const wrongVerifier = await exchange({ code_verifier: 'x'.repeat(43) });
    expect(wrongVerifier.statusCode).toBe(400);
    expect(wrongVerifier.json()).toEqual({
      error: 'invalid_grant',
      error_description: 'Der code_verifier passt nicht zur code_challenge.',
    });
    // The failed try used the code up: a code is tried once (RFC 6749 §4.1.2).
    const again = await exchange({});
    expect(again.json().error).toBe('invalid_grant');
    expect((await form('/api/oauth/token', { grant_type: 'password' })).json().error).toBe('unsupported_grant_type');
    const twice = await form('/api/oauth/token', 'a=1&a=2' as never);
    expect(twice.statusCode).toBe(400);
  });

  it('a code used a second time revokes the tokens issued from it (OAuth 2.1)', async () => {
    const owner = await signUp(app);
    const assistant = new TestAssistant();
    await auth(assistant, { serverUrl: `${url}/api/mcp`, scope: 'data:read' });
    const code = (await consent(owner, assistant.authorizationUrl!)).searchParams.get('code')!;
    const exchange = () =>
      form('/api/oauth/token', {
        grant_type: 'authorization_code',
        code,
        redirect_uri: 'http://127.0.0.1:9/callback',
        client_id: assistant.clientInformation()!.client_id,
        code_verifier: assistant.codeVerifier(),
      });
    const issued = await exchange();
    expect(issued.statusCode).toBe(200);
    const tokens = issued.json<{ access_token: string; refresh_token: string }>();
    expect((await bearerClient(app, tokens.access_token).get('/api/transactions')).statusCode).toBe(200);
    // Someone replays the code (it was intercepted): refused, and what it gave is taken back.
    const replayed = await exchange();
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json().error).toBe('invalid_grant');
    expect((await bearerClient(app, tokens.access_token).get('/api/transactions')).statusCode).toBe(401);
    const refresh = await form('/api/oauth/token', {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
    });
    expect(refresh.json().error).toBe('invalid_grant');
    expect((await owner.get('/api/connections')).json()).toEqual([]);
  });

  it('takes only form-encoded bodies at the token and revocation endpoints (RFC 6749 §3.2)', async () => {
    const owner = await signUp(app);
    const assistant = await connectAssistant(url, owner, { scope: 'data:read' });
    for (const path of ['/api/oauth/token', '/api/oauth/revoke']) {
      const json = await app.inject({
        method: 'POST',
        url: path,
        payload: { grant_type: 'refresh_token', refresh_token: assistant.tokens()!.refresh_token!, token: 'x' },
      });
      expect(json.statusCode, path).toBe(400);
      expect(json.json(), path).toEqual({
        error: 'invalid_request',
        error_description: 'Der Aufruf muss als application/x-www-form-urlencoded gesendet werden.',
      });
    }
    // Nothing happened: the refresh token still works, once.
    const refreshed = await form('/api/oauth/token', {
      grant_type: 'refresh_token',
      refresh_token: assistant.tokens()!.refresh_token!,
    });
    expect(refreshed.statusCode).toBe(200);
  });

  it('rotates refresh tokens; a refresh token used twice ends the connection', async () => {
    const owner = await signUp(app);
    const assistant = await connectAssistant(url, owner, { scope: 'data:read' });
    const first = assistant.tokens()!;
    const refreshed = await form('/api/oauth/token', {
      grant_type: 'refresh_token',
      refresh_token: first.refresh_token!,
    });
    expect(refreshed.statusCode).toBe(200);
    const second = refreshed.json<{ access_token: string; refresh_token: string; scope: string }>();
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(second.scope).toBe('data:read');
    expect((await bearerClient(app, second.access_token).get('/api/transactions')).statusCode).toBe(200);
    // A refresh replaces both tokens: the old access token stops working at once.
    expect((await bearerClient(app, first.access_token).get('/api/transactions')).statusCode).toBe(401);

    const replayed = await form('/api/oauth/token', {
      grant_type: 'refresh_token',
      refresh_token: first.refresh_token!,
    });
    expect(replayed.json()).toMatchObject({ error: 'invalid_grant' });
    expect((await bearerClient(app, second.access_token).get('/api/transactions')).statusCode).toBe(401);
    expect((await owner.get('/api/connections')).json()).toEqual([]);
  });

  it('revocation takes effect at the next call: by the client (RFC 7009) and in Einstellungen', async () => {
    const owner = await signUp(app);
    const byClient = await connectAssistant(url, owner, { scope: 'data:read' });
    const revoked = await form('/api/oauth/revoke', { token: byClient.tokens()!.refresh_token! });
    expect(revoked.statusCode).toBe(200);
    expect((await bearerClient(app, byClient.tokens()!.access_token).get('/api/transactions')).statusCode).toBe(401);

    const byUser = await connectAssistant(url, owner, { scope: 'data:read', name: 'Zweiter' });
    const reading = bearerClient(app, byUser.tokens()!.access_token);
    expect((await reading.get('/api/transactions')).statusCode).toBe(200);
    const [connection] = (await owner.get('/api/connections')).json<Connection[]>();
    expect((await owner.delete(`/api/connections/${connection!.id}`)).statusCode).toBe(204);
    expect((await reading.get('/api/transactions')).statusCode).toBe(401);
    const refresh = await form('/api/oauth/token', {
      grant_type: 'refresh_token',
      refresh_token: byUser.tokens()!.refresh_token!,
    });
    expect(refresh.json().error).toBe('invalid_grant');
  });

  it("lets a read-only member's assistant read but not write, and logs its writes for the owner", async () => {
    const owner = await signUp(app);
    const organisationId = owner.user.currentOrganisationId;
    const reader = await addMember(app, owner, organisationId, 'read-only');
    const readOnly = await connectAssistant(url, reader, { scope: 'data:read data:write' });
    const refused = await bearerClient(app, readOnly.tokens()!.access_token).post('/api/categories', { name: 'Nein' });
    expect(refused.json().error).toBe('Ihre Rolle erlaubt diese Aktion nicht.');

    const writer = await connectAssistant(url, owner, { scope: 'data:read data:write', name: 'Planungs-Assistent' });
    expect(
      (await bearerClient(app, writer.tokens()!.access_token).post('/api/categories', { name: 'Ja' })).statusCode,
    ).toBe(201);
    const log = (await owner.get('/api/audit-log')).json<AuditLog>();
    expect(log.data.map((entry) => [entry.via, entry.clientName, entry.action])).toEqual([
      ['assistant', 'Planungs-Assistent', 'Kategorie erstellt'],
      ['assistant', 'Test-Assistent', 'Kategorie erstellt – abgelehnt (403)'],
    ]);
  });
});

describe('client registration', () => {
  it('refuses hostile redirect URIs in RFC 7591 shape, in German', async () => {
    for (const redirect of [
      'javascript:alert(1)',
      'http://evil.example/cb',
      'https://ok.example/cb#frag',
      'https://ok.example/cb#', // an empty fragment is a fragment too
      'https://*.example/cb', // wildcards: only exact URIs
      'https://ok.example/*',
      'https://user:pw@ok.example/cb',
      'chrome://settings', // a custom scheme that is no app's reverse domain
      'myapp:/cb',
      'http://192.168.1.5:8080/cb', // http only to loopback
      'http://localhost.evil.example/cb',
      'kein url',
    ]) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/oauth/register',
        // From addresses of their own: registration allows 20 an hour per address.
        remoteAddress: `198.51.100.${redirect.length}`,
        payload: { client_name: 'X', redirect_uris: [redirect] },
      });
      expect(response.statusCode, redirect).toBe(400);
      expect(response.json().error, redirect).toBe('invalid_redirect_uri');
    }
    const none = await app.inject({ method: 'POST', url: '/api/oauth/register', payload: { client_name: 'X' } });
    expect(none.json()).toMatchObject({ error: 'invalid_redirect_uri' });
    const app1 = await app.inject({
      method: 'POST',
      url: '/api/oauth/register',
      payload: {
        client_name: 'Desktop-App',
        redirect_uris: [
          'com.example.app:/callback',
          'http://localhost:8123/cb',
          'http://127.0.0.1/cb',
          'http://[::1]:5000/cb',
          'https://app.example.ch/oauth/callback?x=1',
        ],
      },
    });
    expect(app1.statusCode, app1.body).toBe(201);
    expect(app1.json()).toMatchObject({ token_endpoint_auth_method: 'none', client_name: 'Desktop-App' });
  });
});

describe('client ID metadata documents', () => {
  let documents: Server;
  let documentsUrl: string;
  const served = new Map<string, string>();
  beforeAll(async () => {
    // A client's own web server, publishing its metadata document (synthetic, written for this test).
    documents = createServer((request, response) => {
      const body = served.get(request.url ?? '');
      response.writeHead(body === undefined ? 404 : 200, { 'content-type': 'application/json' });
      response.end(body ?? '{}');
    });
    await new Promise<void>((resolve) => documents.listen(0, '127.0.0.1', resolve));
    documentsUrl = `http://127.0.0.1:${(documents.address() as { port: number }).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => documents.close(() => resolve())));

  const authorize = (clientId: string) =>
    new URLSearchParams({
      response_type: 'code',
      client_id: clientId,
      redirect_uri: 'https://client.example/callback',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
      scope: 'forecast:read',
      state: 's',
    });

  it('reads the client from the document its id names, and refuses one that names another id', async () => {
    const owner = await signUp(app);
    const clientId = `${documentsUrl}/client.json`;
    served.set(
      '/client.json',
      JSON.stringify({
        client_id: clientId,
        client_name: 'Dokument-Client',
        redirect_uris: ['https://client.example/callback'],
      }),
    );
    const prompt = await owner.get(`/api/oauth/authorization?${authorize(clientId)}`);
    expect(prompt.statusCode).toBe(200);
    expect(prompt.json().client).toEqual({ name: 'Dokument-Client', uri: clientId });

    served.set(
      '/other.json',
      JSON.stringify({ client_id: 'https://else.example/c.json', redirect_uris: ['https://c.example/cb'] }),
    );
    const other = await owner.get(`/api/oauth/authorization?${authorize(`${documentsUrl}/other.json`)}`);
    expect(other.json().error).toBe('Die Beschreibung des Clients nennt eine andere Client-ID.');
    served.set('/big.json', `{"client_id":"x","pad":"${'a'.repeat(70_000)}"}`);
    const big = await owner.get(`/api/oauth/authorization?${authorize(`${documentsUrl}/big.json`)}`);
    expect(big.json().error).toBe('Die Beschreibung des Clients ist grösser als 64 KB.');
    const missing = await owner.get(`/api/oauth/authorization?${authorize(`${documentsUrl}/missing.json`)}`);
    expect(missing.json().error).toBe('Die Beschreibung des Clients konnte nicht geladen werden (HTTP 404).');
  });

  it('in production reaches only public addresses, judged in canonical form, and connects to the checked one', async () => {
    // The outside probe's URLs (docs/access.md "OAuth"): IPv4 inside IPv6 reached loopback and the metadata service.
    for (const clientId of [
      'https://[::ffff:127.0.0.1]:4443/c.json',
      'https://[::ffff:10.0.0.1]/c.json',
      'https://[::ffff:a9fe:a9fe]/c.json',
      'https://[64:ff9b::7f00:1]/c.json',
      'https://127.1/c.json',
      'https://0x7f000001/c.json',
      'https://localhost:4443/c.json', // a name: refused by the lookup the connection itself uses
    ]) {
      await expect(fetchClientMetadataDocument(clientId, false), clientId).rejects.toThrow(
        'Die Adresse der Client-ID ist nicht öffentlich erreichbar.',
      );
    }
  });
});
