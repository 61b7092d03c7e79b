import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.js';

/** What the check needs of the session cookies (hooks/session-cookies.ts): whether a request carries one. */
export interface SessionCookieReader {
  accessToken(request: FastifyRequest): string | undefined;
  refreshToken(request: FastifyRequest): string | undefined;
}

/** Methods that change nothing; every other one is a write (CSRF check, body parsing). */
export const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
export const FOREIGN_ORIGIN = 'Die Anfrage wurde abgelehnt, weil sie nicht von SaldoPilot selbst stammt.';

/**
 * CSRF defence: a state-changing request that carries a session cookie must come from the app's own
 * origin (PUBLIC_URL or the host it was sent to). SameSite=Lax already stops most cross-site posts;
 * this closes the rest (same-site subdomains, old browsers).
 */
export function registerCsrfProtection(app: FastifyInstance, publicUrl: string, cookies: SessionCookieReader): void {
  const publicOrigin = new URL(publicUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    if (!cookies.accessToken(request) && !cookies.refreshToken(request)) return;
    const origin = request.headers.origin;
    const ownOrigin = `${request.protocol}://${request.host}`;
    if (origin !== publicOrigin && origin !== ownOrigin) throw new AppError('FORBIDDEN', FOREIGN_ORIGIN);
  });
}
