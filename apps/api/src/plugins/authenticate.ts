import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasRole, type Role } from '@saldopilot/shared';
import { AppError, roleTooLow } from '../lib/app-error.js';
import type { Tenant } from '../lib/tenant.js';
import type { SessionService } from '../modules/auth/session.service.js';
import type { SessionUser, SessionUsers } from '../modules/auth/session-users.js';
import type { SessionCookies } from './session-cookies.js';

export const NOT_SIGNED_IN = 'Sie sind nicht angemeldet. Bitte melden Sie sich an.';
export const NO_ORGANISATION = 'Keine Berechtigung für diese Organisation.';

declare module 'fastify' {
  interface FastifyRequest {
    session: SessionUser | null;
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
 * Protects every route that is not marked public: a valid access token, or else a valid refresh
 * token that renews both tokens on the fly; anything else clears the cookies and answers 401. Then
 * the one role guard: the route's required role in the current organisation, else 403.
 */
export function registerAuthentication(
  app: FastifyInstance,
  sessions: SessionService,
  cookies: SessionCookies,
  sessionUsers: SessionUsers,
): void {
  app.decorateRequest('session', null);

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

  app.addHook('onRequest', async (request, reply) => {
    if (request.routeOptions.config.public || !request.routeOptions.url) return;
    const userId = await resolveUserId(request, reply);
    const user = userId ? await sessionUsers.load(userId) : undefined;
    if (!user) {
      if (cookies.accessToken(request) || cookies.refreshToken(request)) cookies.clear(reply);
      throw unauthenticated();
    }
    request.session = user;
    const role = requiredRole(request.method, request.routeOptions.config);
    if (role === 'any') return;
    if (!user.role) throw new AppError('FORBIDDEN', NO_ORGANISATION);
    if (!hasRole(user.role, role)) throw roleTooLow();
  });
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
  return { userId, organisationId, role, currencyId };
}
