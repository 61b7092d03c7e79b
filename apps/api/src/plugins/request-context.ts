import type { FastifyRequest } from 'fastify';
import type { Role } from '@saldopilot/shared';
import { AppError } from '../lib/app-error.js';
import type { BearerAccess, SessionUser, Tenant } from '../lib/tenant.js';
import { seesSalaries } from './token-scopes.js';

export const NOT_SIGNED_IN = 'Sie sind nicht angemeldet. Bitte melden Sie sich an.';
export const NO_ORGANISATION = 'Keine Berechtigung für diese Organisation.';

/**
 * What a request carries once the gate (hooks/authenticate.ts) let it through, and what a route
 * declares about itself for the gate. Module-free, so route files and plugins read it from below.
 */
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
export function unauthenticated(): AppError {
  return new AppError('UNAUTHENTICATED', NOT_SIGNED_IN, { logout: true });
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
