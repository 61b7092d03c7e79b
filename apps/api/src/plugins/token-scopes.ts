import type { FastifyRequest } from 'fastify';
import type { AccessScope } from '@saldopilot/shared';

/**
 * What a bearer call (personal API token or assistant) may reach, by the route's area — the first
 * part of its path — and whether it reads or writes (docs/access.md "Scopes"). An area not listed
 * here is closed to tokens: signing in, profile, organisations and members, invitations, the event
 * stream, tokens and connections themselves, the audit log. A new area is therefore closed until it
 * is listed; `token-scopes.test.ts` walks every route.
 */
const AREAS: Record<string, { read: AccessScope; write: AccessScope | null }> = {
  forecasts: { read: 'forecast:read', write: 'data:write' },
  'vat-settings': { read: 'forecast:read', write: 'data:write' },
  'plan-actual': { read: 'forecast:read', write: null },
  'bank-accounts': { read: 'data:read', write: 'data:write' },
  'bank-statements': { read: 'data:read', write: 'data:write' },
  'bank-entries': { read: 'data:read', write: 'data:write' },
  'occurrence-dismissals': { read: 'data:read', write: 'data:write' },
  transactions: { read: 'data:read', write: 'data:write' },
  categories: { read: 'data:read', write: 'data:write' },
  vats: { read: 'data:read', write: 'data:write' },
  'fiat-rates': { read: 'data:read', write: null },
  currencies: { read: 'data:read', write: null },
  employees: { read: 'salaries:read', write: 'salaries:write' },
};

/** Routes that need more than their area's scope: the forecast files name every employee's salary. */
const MORE: Record<string, AccessScope[]> = {
  'GET /api/forecasts/export': ['salaries:read'],
};

/** The MCP endpoint takes any token: each tool's REST call checks its own scope. */
const ANY_TOKEN = new Set(['mcp']);

const READS = new Set(['GET', 'HEAD']);

/**
 * The scopes a bearer call of `method` on the route `url` (Fastify's pattern, `/api/…`) needs;
 * `[]` = any token; undefined = no token at all.
 */
export function scopesForRoute(method: string, url: string): AccessScope[] | undefined {
  const area = url.split('/')[2] ?? '';
  if (ANY_TOKEN.has(area)) return [];
  const scopes = AREAS[area];
  if (!scopes) return undefined;
  const own = READS.has(method) ? scopes.read : scopes.write;
  if (!own) return undefined;
  return [own, ...(MORE[`${method} ${url}`] ?? [])];
}

/**
 * Whether the caller may see salary figures: always with a session, with a token only when it holds
 * `salaries:read` (the forecast's details and the plan's occurrences pool or leave out the
 * employees' own rows otherwise: docs/access.md "Salary figures").
 */
export function seesSalaries(request: FastifyRequest): boolean {
  return !request.access || request.access.scopes.includes('salaries:read');
}
