import type { FastifyRequest } from 'fastify';
import { areaOf, type AccessScope } from '@saldopilot/shared';

const READS = new Set(['GET', 'HEAD']);

/**
 * The scopes a bearer call (personal API token or assistant) of `method` on the route `url`
 * (Fastify's pattern, `/api/…`) needs, by the route's area — the first part of its path — and
 * whether it reads or writes (docs/access.md "Scopes"): the `tokens` of its entry in the shared
 * registry of areas. `[]` = any token; undefined = no token at all: an area closed to tokens, or
 * one not registered (`token-scopes.test.ts` walks every route).
 */
export function scopesForRoute(method: string, url: string): AccessScope[] | undefined {
  const tokens = areaOf(url.split('/')[2] ?? '')?.tokens;
  if (tokens === 'any') return [];
  if (!tokens || tokens === 'closed') return undefined;
  const own = READS.has(method) ? tokens.read : tokens.write;
  if (!own) return undefined;
  return [own, ...(tokens.more?.[`${method} ${url}`] ?? [])];
}

/**
 * Whether the caller may see salary figures: always with a session, with a token only when it holds
 * `salaries:read` (the forecast's details and the plan's occurrences pool or leave out the
 * employees' own rows otherwise: docs/access.md "Salary figures").
 */
export function seesSalaries(request: FastifyRequest): boolean {
  return !request.access || request.access.scopes.includes('salaries:read');
}
