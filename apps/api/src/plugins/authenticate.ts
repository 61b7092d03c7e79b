import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasRole, type Role } from '@saldopilot/shared';
import { AppError, roleTooLow } from '../lib/app-error.js';
import type { Tenant } from '../lib/tenant.js';
import type { SessionService } from '../modules/auth/session.service.js';
import type { SessionUser, SessionUsers } from '../modules/auth/session-users.js';
import type { BearerAccess, BearerAccesses } from '../modules/access/bearer-access.js';
import type { SessionCookies } from './session-cookies.js';
import { scopesForRoute, seesSalaries } from './token-scopes.js';

export const NOT_SIGNED_IN = 'Sie sind nicht angemeldet. Bitte melden Sie sich an.';
export const NO_ORGANISATION = 'Keine Berechtigung für diese Organisation.';
export const NOT_FOR_TOKENS = 'Diese Aktion ist mit einem Token nicht möglich.';
export const INVALID_TOKEN = 'Das Token ist ungültig, abgelaufen oder widerrufen.';
export function scopeMissing(scopes: readonly string[]): string {
  return `Diesem Token fehlt die Berechtigung «${scopes.join('», «')}».`;
}

declare module 'fastify' {
  interface FastifyRequest {
    session: SessionUser | null;
    /** Set when the call came with a bearer secret (token or assistant) instead of a session. */
    access: BearerAccess | null;
  }
  interface FastifyContextConfig {
    /** Reachable without a session (auth pages' calls, health, server time). */
    public?: boolean;
    /**
     * The least role in the current organisation a route needs. Default: reads need none, every
     * write needs "editor" — so a write endpoint added later is closed to read-only members unless
     * it says otherwise. "any" = every signed-in user (own profile, switching, own invitations).
     */
    role?: Role | 'any';
    /** Only bearer secrets, never a session (the MCP endpoint: docs/access.md). */
    bearerOnly?: boolean;
  }
}

/** Every answer without a valid session: the web app signs out on `logout: true`. */
function unauthenticated(): AppError {
  return new AppError('UNAUTHENTICATED', NOT_SIGNED_IN, { logout: true });
}

const READ_METHODS = new Set(['GET', 'HEAD']);

/** The role a route needs (also read by the OpenAPI document, which lists the 403 it causes). */
export function requiredRole(method: string, config: FastifyContextConfig): Role | 'any' {
  return config.role ?? (READ_METHODS.has(method) ? 'any' : 'editor');
}

/**
 * Protects every route that is not marked public. A request with `Authorization: Bearer …` is a
 * token's or an assistant's call: the secret names the member and its scopes, and the route must
 * be open to tokens with those scopes (plugins/token-scopes.ts); its cookies are not looked at.
 * Otherwise a valid access token, or else a valid refresh token that renews both tokens on the fly;
 * anything else clears the cookies and answers 401. Then the one role guard: the route's required
 * role in the current organisation, else 403.
 */
export function registerAuthentication(
  app: FastifyInstance,
  sessions: SessionService,
  cookies: SessionCookies,
  sessionUsers: SessionUsers,
  bearers: BearerAccesses,
  resourceMetadataUrl: string,
): void {
  app.decorateRequest('session', null);
  app.decorateRequest('access', null);

  async function resolveUserId(request: FastifyRequest, reply: FastifyReply): Promise<number | undefined> {
    const access = cookies.accessToken(request);
    const fromAccess = access ? await sessions.verifyAccessToken(access) : undefined;
    if (fromAccess) return fromAccess;
    const refresh = cookies.refreshToken(request);
    if (!refresh) return undefined;
    const renewal = await sessions.renew(refresh, request.headers['user-agent']);
    if (renewal.status === 'invalid') return undefined;
    cookies.set(reply, renewal);
    return renewal.userId;
  }

  /** The member a bearer call speaks for, after its scopes are checked against the route. */
  async function bearerUser(request: FastifyRequest, reply: FastifyReply, secret: string): Promise<SessionUser> {
    const resolved = await bearers.resolve(secret);
    if (!resolved) {
      reply.header('www-authenticate', `Bearer error="invalid_token", resource_metadata="${resourceMetadataUrl}"`);
      throw new AppError('UNAUTHENTICATED', INVALID_TOKEN);
    }
    // Known before the scopes are checked, so the audit log records a refused write too.
    request.access = resolved.access;
    request.session = resolved.user;
    const needed = scopesForRoute(request.method, request.routeOptions.url ?? '');
    if (!needed) throw new AppError('FORBIDDEN', NOT_FOR_TOKENS);
    const missing = needed.filter((scope) => !resolved.access.scopes.includes(scope));
    if (missing.length > 0) {
      reply.header('www-authenticate', `Bearer error="insufficient_scope", scope="${needed.join(' ')}"`);
      throw new AppError('FORBIDDEN', scopeMissing(missing));
    }
    return resolved.user;
  }

  app.addHook('onRequest', async (request, reply) => {
    const { config } = request.routeOptions;
    if (config.public || !request.routeOptions.url) return;
    const secret = bearerSecret(request.headers.authorization);
    let user: SessionUser | undefined;
    if (secret !== undefined) user = await bearerUser(request, reply, secret);
    else if (config.bearerOnly) {
      reply.header('www-authenticate', `Bearer resource_metadata="${resourceMetadataUrl}"`);
      throw unauthenticated();
    } else {
      const userId = await resolveUserId(request, reply);
      user = userId ? await sessionUsers.load(userId) : undefined;
      if (!user) {
        if (cookies.accessToken(request) || cookies.refreshToken(request)) cookies.clear(reply);
        throw unauthenticated();
      }
    }
    request.session = user;
    const role = requiredRole(request.method, config);
    if (role === 'any') return;
    if (!user.role) throw new AppError('FORBIDDEN', NO_ORGANISATION);
    if (!hasRole(user.role, role)) throw roleTooLow();
  });
}

/** The secret of an `Authorization: Bearer <secret>` header (an empty one counts as invalid). */
function bearerSecret(header: string | undefined): string | undefined {
  const match = header === undefined ? null : /^Bearer[ ]+(\S*)\s*$/i.exec(header);
  return match ? (match[1] ?? '') : undefined;
}

/** The session of a protected route's request (the hook guarantees it). */
export function sessionOf(request: FastifyRequest): SessionUser {
  if (!request.session) throw unauthenticated();
  return request.session;
}

/**
 * The tenant of a protected route's request: the organisation comes from the session, never from
 * the request. A user without a current organisation has no tenant data to see (403).
 */
export function tenantOf(request: FastifyRequest): Tenant {
  const { userId, organisationId, role, currencyId } = sessionOf(request);
  if (organisationId === null || role === null || currencyId === null) {
    throw new AppError('FORBIDDEN', NO_ORGANISATION);
  }
  return { userId, organisationId, role, currencyId, seesSalaries: seesSalaries(request) };
}
