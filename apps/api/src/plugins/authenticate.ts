import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.js';
import type { SessionService } from '../modules/auth/session.service.js';
import type { SessionCookies } from './session-cookies.js';

export const NOT_SIGNED_IN = 'Sie sind nicht angemeldet. Bitte melden Sie sich an.';

export interface RequestSession {
  userId: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    session: RequestSession | null;
  }
  interface FastifyContextConfig {
    /** Reachable without a session (auth pages' calls, health, server time). */
    public?: boolean;
  }
}

/** Every answer without a valid session: the web app signs out on `logout: true`. */
function unauthenticated(): AppError {
  return new AppError('UNAUTHENTICATED', NOT_SIGNED_IN, { logout: true });
}

/**
 * Protects every route that is not marked public: a valid access token, or else a valid refresh
 * token that renews both tokens on the fly. Anything else clears the cookies and answers 401.
 */
export function registerAuthentication(
  app: FastifyInstance,
  sessions: SessionService,
  cookies: SessionCookies,
  userExists: (userId: number) => Promise<boolean>,
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
    if (!userId || !(await userExists(userId))) {
      if (cookies.accessToken(request) || cookies.refreshToken(request)) cookies.clear(reply);
      throw unauthenticated();
    }
    request.session = { userId };
  });
}

/** The session of a protected route's request (the hook guarantees it). */
export function sessionOf(request: FastifyRequest): RequestSession {
  if (!request.session) throw unauthenticated();
  return request.session;
}
