import type { FastifyReply, FastifyRequest } from 'fastify';
import { SIGNED_IN_COOKIE } from '@saldopilot/shared';
import type { Config } from '../config.js';
import { ACCESS_TOKEN_SECONDS, REFRESH_TOKEN_SECONDS, type IssuedTokens } from '../modules/auth/session.service.js';

export const ACCESS_COOKIE = 'sp_access';
export const REFRESH_COOKIE = 'sp_refresh';

/** Secure everywhere except plain http on localhost, where browsers would drop Secure cookies. */
function isSecure(config: Config): boolean {
  const url = new URL(config.PUBLIC_URL);
  const local = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  return !(url.protocol === 'http:' && local);
}

/** Cookie helpers bound to the configuration. */
export function sessionCookies(config: Config) {
  const base = { httpOnly: true, sameSite: 'lax' as const, secure: isSecure(config), path: '/' };
  return {
    set(reply: FastifyReply, tokens: IssuedTokens): void {
      reply.setCookie(ACCESS_COOKIE, tokens.accessToken, { ...base, maxAge: ACCESS_TOKEN_SECONDS });
      if (tokens.refreshToken) {
        // The refresh token only ever travels to the API.
        reply.setCookie(REFRESH_COOKIE, tokens.refreshToken, { ...base, path: '/api', maxAge: REFRESH_TOKEN_SECONDS });
        // Not a secret: "a session may exist", readable by the web app (the two above are HttpOnly).
        // Set and cleared with the refresh cookie, so without it no session cookie can exist and the
        // web app does not ask for the profile on the auth pages (docs/api.md "Sessions").
        reply.setCookie(SIGNED_IN_COOKIE, '1', { ...base, httpOnly: false, maxAge: REFRESH_TOKEN_SECONDS });
      }
    },
    clear(reply: FastifyReply): void {
      reply.clearCookie(ACCESS_COOKIE, base);
      reply.clearCookie(REFRESH_COOKIE, { ...base, path: '/api' });
      reply.clearCookie(SIGNED_IN_COOKIE, { ...base, httpOnly: false });
    },
    refreshToken: (request: FastifyRequest): string | undefined => request.cookies[REFRESH_COOKIE] || undefined,
    accessToken: (request: FastifyRequest): string | undefined => request.cookies[ACCESS_COOKIE] || undefined,
  };
}

export type SessionCookies = ReturnType<typeof sessionCookies>;
