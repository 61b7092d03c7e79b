import { createHash } from 'node:crypto';
import {
  type AccessScope,
  type AuthorizationPrompt,
  type AuthorizationRequest,
  accessScopes,
  parseScopeParameter,
} from '@saldopilot/shared';
import type { AppDatabase } from '../../db/client.js';
import { AppError, notFound } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import { hashSecret, randomSecret } from '../../lib/secrets.js';
import { parseScopes } from '../access/access.service.js';
import { ACCESS_TOKEN_PREFIX, REFRESH_TOKEN_PREFIX } from '../access/bearer-access.js';
import {
  type ClientDescription,
  ClientMetadataError,
  describeClient,
  fetchClientMetadataDocument,
  isLoopback,
  isMetadataDocumentId,
} from './client-metadata.js';
import { issuerOf, resourceUrlOf } from './oauth-metadata.js';
import {
  type ClientRow,
  consumeCode,
  deleteGrant,
  findClient,
  insertCode,
  isMember,
  organisationsOfMember,
  replaceTokens,
  revokeReplayedCode,
  revokeToken,
  rotateRefreshToken,
  saveClient,
  saveGrant,
} from './oauth.repository.js';

const MINUTE_MS = 60_000;
const CODE_MS = MINUTE_MS;
const ACCESS_TOKEN_SECONDS = 3_600;
const REFRESH_TOKEN_MS = 30 * 24 * 60 * MINUTE_MS;
/** A metadata document is read again after a day: its client may have changed its redirect URIs. */
const DOCUMENT_FRESH_MS = 24 * 60 * MINUTE_MS;
const PKCE_VALUE = /^[A-Za-z0-9._~-]{43,128}$/;

/** An error of the OAuth protocol's own endpoints, answered in RFC 6749's shape. */
export class OAuthError extends Error {
  constructor(
    readonly status: 400,
    readonly error: string,
    readonly description: string,
  ) {
    super(description);
  }
}

export interface TokenAnswer {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  refresh_token: string;
  scope: string;
}

export type OAuthService = ReturnType<typeof createOAuthService>;

/**
 * The authorization server (docs/access.md "OAuth"): clients, the consent, codes with PKCE, tokens
 * and their rotation, revocation.
 */
export function createOAuthService(deps: {
  db: AppDatabase;
  clock: Clock;
  publicUrl: string;
  limiter: RateLimiter;
  /** Outside production a metadata document may live on http://localhost (tests, development). */
  allowLoopbackDocuments: boolean;
}) {
  const { db, clock, publicUrl, limiter } = deps;
  const resource = resourceUrlOf(publicUrl);

  /** A client by its id: registered, or its metadata document (read now when new or stale). */
  async function clientOf(clientId: string): Promise<ClientRow | undefined> {
    const known = await findClient(db, clientId);
    if (!isMetadataDocumentId(clientId)) return known;
    const fresh = known?.fetchedAt && clock.now().getTime() - known.fetchedAt.getTime() < DOCUMENT_FRESH_MS;
    if (known && fresh) return known;
    const described = await fetchClientMetadataDocument(clientId, deps.allowLoopbackDocuments);
    return saveClient(db, { clientId, ...described, fetchedAt: clock.now(), createdAt: clock.now() });
  }

  function redirectAllowed(client: ClientRow, redirectUri: string): boolean {
    if (client.redirectUris.includes(redirectUri)) return true;
    // RFC 8252: a native app listens on a loopback port of its choosing; the port may differ.
    if (!URL.canParse(redirectUri)) return false;
    const asked = new URL(redirectUri);
    if (asked.protocol !== 'http:' || !isLoopback(asked)) return false;
    return client.redirectUris.some((registered) => {
      const url = new URL(registered);
      url.port = asked.port;
      return url.href === asked.href;
    });
  }

  /** The request's client and the scopes it asks for, or a German 400 the consent page shows. */
  async function checkRequest(request: AuthorizationRequest): Promise<{ client: ClientRow; scopes: AccessScope[] }> {
    const refuse = (message: string) => new AppError('VALIDATION_FAILED', message);
    let client: ClientRow | undefined;
    try {
      client = await clientOf(request.client_id);
    } catch (error) {
      if (error instanceof ClientMetadataError) throw refuse(error.message);
      throw error;
    }
    if (!client) throw refuse('Dieser Client ist nicht registriert.');
    if (!redirectAllowed(client, request.redirect_uri)) {
      throw refuse('Die Weiterleitungsadresse ist für diesen Client nicht registriert.');
    }
    if (request.response_type !== 'code')
      throw refuse('Nur der Ablauf mit Autorisierungscode (response_type=code) wird unterstützt.');
    if (request.code_challenge_method !== 'S256' || !PKCE_VALUE.test(request.code_challenge)) {
      throw refuse('Der Client muss PKCE mit S256 verwenden (code_challenge, code_challenge_method=S256).');
    }
    if (request.resource !== undefined && request.resource !== resource) {
      throw refuse(`Zugriff kann nur für ${resource} erteilt werden.`);
    }
    const scopes =
      request.scope === undefined || request.scope.trim() === ''
        ? [...accessScopes]
        : parseScopeParameter(request.scope);
    if (!scopes || scopes.length === 0) throw refuse('Der Client verlangt unbekannte Berechtigungen.');
    return { client, scopes };
  }

  function redirectTo(redirectUri: string, params: Record<string, string | undefined>): string {
    const url = new URL(redirectUri);
    for (const [key, value] of Object.entries({ ...params, iss: issuerOf(publicUrl) })) {
      if (value !== undefined) url.searchParams.set(key, value);
    }
    return url.href;
  }

  async function issueTokens(grantId: number, scopes: AccessScope[]): Promise<TokenAnswer> {
    const accessToken = `${ACCESS_TOKEN_PREFIX}${randomSecret()}`;
    const refreshToken = `${REFRESH_TOKEN_PREFIX}${randomSecret()}`;
    const now = clock.now().getTime();
    await replaceTokens(db, grantId, [
      { kind: 'access', tokenHash: hashSecret(accessToken), expiresAt: new Date(now + ACCESS_TOKEN_SECONDS * 1000) },
      { kind: 'refresh', tokenHash: hashSecret(refreshToken), expiresAt: new Date(now + REFRESH_TOKEN_MS) },
    ]);
    return {
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: ACCESS_TOKEN_SECONDS,
      refresh_token: refreshToken,
      scope: scopes.join(' '),
    };
  }

  return {
    /** RFC 7591: a public client (no secret; PKCE protects its codes). */
    async register(metadata: unknown, ip: string) {
      await limiter.consume([{ key: `oauth-register:ip:${ip}`, limit: 20, windowMs: 60 * MINUTE_MS }]);
      let described: ClientDescription;
      try {
        described = describeClient(metadata, 'Unbenannter Client');
      } catch (error) {
        if (error instanceof ClientMetadataError) throw new OAuthError(400, error.code, error.message);
        throw error;
      }
      const clientId = `sp_client_${randomSecret(16)}`;
      const row = await saveClient(db, { clientId, ...described, fetchedAt: null, createdAt: clock.now() });
      return {
        client_id: clientId,
        client_id_issued_at: Math.floor(row.createdAt.getTime() / 1000),
        client_name: row.name,
        ...(row.clientUri ? { client_uri: row.clientUri } : {}),
        redirect_uris: row.redirectUris,
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'none' as const,
      };
    },

    /** What the consent page shows for this request to this user. */
    async prompt(
      userId: number,
      currentOrganisationId: number | null,
      request: AuthorizationRequest,
    ): Promise<AuthorizationPrompt> {
      const { client, scopes } = await checkRequest(request);
      const organisations = await organisationsOfMember(db, userId);
      const organisation =
        organisations.find((candidate) => candidate.id === currentOrganisationId) ?? organisations[0];
      if (!organisation) throw new AppError('FORBIDDEN', 'Sie sind Mitglied keiner Organisation.');
      return {
        client: {
          name: client.name,
          uri: client.clientUri ?? (isMetadataDocumentId(client.clientId) ? client.clientId : null),
        },
        scopes,
        organisation,
        organisations,
        redirectUri: request.redirect_uri,
      };
    },

    /** The user's answer: a code for the client's redirect URI, or `access_denied`. */
    async decide(
      userId: number,
      decision: {
        request: AuthorizationRequest;
        organisationId: number;
        approve: boolean;
        scopes?: AccessScope[] | undefined;
      },
    ): Promise<{ redirectTo: string }> {
      const { request } = decision;
      const { client, scopes: asked } = await checkRequest(request);
      if (!decision.approve) {
        return { redirectTo: redirectTo(request.redirect_uri, { error: 'access_denied', state: request.state }) };
      }
      if (!(await isMember(db, userId, decision.organisationId)))
        throw notFound('Die Organisation wurde nicht gefunden.');
      const scopes = decision.scopes ?? asked;
      if (scopes.some((scope) => !asked.includes(scope))) {
        throw new AppError('VALIDATION_FAILED', 'Sie können nur Berechtigungen erteilen, die der Client verlangt.', {
          fields: { scopes: 'Sie können nur Berechtigungen erteilen, die der Client verlangt.' },
        });
      }
      const code = randomSecret();
      await insertCode(db, {
        clientId: client.id,
        userId,
        organisationId: decision.organisationId,
        scopes,
        codeHash: hashSecret(code),
        redirectUri: request.redirect_uri,
        codeChallenge: request.code_challenge,
        resource: request.resource ?? null,
        expiresAt: new Date(clock.now().getTime() + CODE_MS),
      });
      return { redirectTo: redirectTo(request.redirect_uri, { code, state: request.state }) };
    },

    /** The token endpoint: a code (with its PKCE verifier) or a refresh token for new tokens. */
    async token(form: Record<string, string>): Promise<TokenAnswer> {
      const invalidGrant = (message: string) => new OAuthError(400, 'invalid_grant', message);
      if (form.resource !== undefined && form.resource !== resource) {
        throw new OAuthError(400, 'invalid_target', `Tokens gibt es nur für ${resource}.`);
      }
      if (form.grant_type === 'authorization_code') {
        const { code, code_verifier: verifier, redirect_uri: redirectUri, client_id: clientId } = form;
        if (!code || !verifier || !redirectUri || !clientId) {
          throw new OAuthError(
            400,
            'invalid_request',
            'code, code_verifier, redirect_uri und client_id werden benötigt.',
          );
        }
        if (!PKCE_VALUE.test(verifier)) throw new OAuthError(400, 'invalid_request', 'Der code_verifier ist ungültig.');
        const row = await consumeCode(db, hashSecret(code), clock.now());
        if (!row) {
          // A code presented again was intercepted or copied: what it gave is taken back (OAuth 2.1).
          await revokeReplayedCode(db, hashSecret(code));
          throw invalidGrant('Der Code ist ungültig, abgelaufen oder wurde schon verwendet.');
        }
        const client = await findClient(db, clientId);
        if (!client || client.id !== row.clientId) throw invalidGrant('Der Code gehört einem anderen Client.');
        if (row.redirectUri !== redirectUri) throw invalidGrant('Die Weiterleitungsadresse stimmt nicht überein.');
        if (createHash('sha256').update(verifier).digest('base64url') !== row.codeChallenge) {
          throw invalidGrant('Der code_verifier passt nicht zur code_challenge.');
        }
        const scopes = parseScopes(row.scopes);
        const grantId = await saveGrant(db, {
          clientId: row.clientId,
          userId: row.userId,
          organisationId: row.organisationId,
          scopes,
          createdAt: clock.now(),
        });
        return issueTokens(grantId, scopes);
      }
      if (form.grant_type === 'refresh_token') {
        if (!form.refresh_token) throw new OAuthError(400, 'invalid_request', 'refresh_token wird benötigt.');
        const rotated = await rotateRefreshToken(db, hashSecret(form.refresh_token), clock.now());
        if (rotated?.status === 'reused') {
          // A refresh token used twice was copied: the connection ends, the user connects anew.
          await deleteGrant(db, rotated.grantId);
          throw invalidGrant('Das Token wurde bereits verwendet; die Verbindung wurde getrennt.');
        }
        if (!rotated) throw invalidGrant('Das Token ist ungültig, abgelaufen oder widerrufen.');
        if (form.client_id !== undefined && form.client_id !== rotated.grant.clientId) {
          throw invalidGrant('Das Token gehört einem anderen Client.');
        }
        return issueTokens(rotated.grant.id, parseScopes(rotated.grant.scopes));
      }
      throw new OAuthError(400, 'unsupported_grant_type', 'Unterstützt werden authorization_code und refresh_token.');
    },

    /** RFC 7009: always "done", whether or not the token was known. */
    async revoke(form: Record<string, string>): Promise<void> {
      if (!form.token) throw new OAuthError(400, 'invalid_request', 'token wird benötigt.');
      await revokeToken(db, hashSecret(form.token), form.client_id);
    },
  };
}
