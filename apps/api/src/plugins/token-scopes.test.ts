import { describe, expect, it } from 'vitest';
import { areaOf, areas, isArea } from '@saldopilot/shared';
import { useTestApp } from '../test/build-test-app.js';
import { routesOf, WRITE_METHODS } from '../test/routes.js';
import { auditAction } from '../hooks/audit-writes.js';
import { scopesForRoute } from './token-scopes.js';

const app = useTestApp();

/** Areas closed to tokens, reviewed here: one's account, members, the stream, the access itself. */
const CLOSED_TO_TOKENS = new Set([
  'access-token',
  'auth',
  'profile',
  'organisations',
  'me',
  'events',
  'dev',
  'api-tokens',
  'connections',
  'audit-log',
  'alerts',
  'oauth',
  'global',
  'health',
  'docs',
]);

describe('what tokens reach (docs/access.md "Scopes")', () => {
  const routes = () =>
    routesOf(app)
      .map((route) => route.split(' ') as [string, string])
      .filter(([method, path]) => method !== 'HEAD' && path.startsWith('/api/'));

  it('finds the area of every route in the registry of areas', () => {
    const unregistered = routes()
      .filter(([, path]) => !isArea(path.split('/')[2] ?? ''))
      .map((route) => route.join(' '));
    expect(unregistered, "register these routes' areas in packages/shared/src/areas.ts").toEqual([]);
  });

  it('knows which areas write: one registered without writes has no write route', () => {
    const writes = routes()
      .filter(([method, path]) => WRITE_METHODS.has(method) && areaOf(path.split('/')[2] ?? '')?.realtime === 'none')
      .map((route) => route.join(' '));
    expect(writes, 'say in packages/shared/src/areas.ts whether the members share these writes').toEqual([]);
  });

  it('reviews here every area the registry closes to tokens, and no other', () => {
    const closed = Object.entries(areas).filter(([, area]) => area.tokens === 'closed');
    expect(new Set(closed.map(([name]) => name))).toEqual(CLOSED_TO_TOKENS);
  });

  it('decides every route: a scope for it, or its area reviewed as closed', () => {
    const undecided = routes().filter(
      ([method, path]) => !scopesForRoute(method, path) && !CLOSED_TO_TOKENS.has(path.split('/')[2] ?? ''),
    );
    expect(undecided, 'give these routes a scope in token-scopes.ts or review them as closed here').toEqual([]);
  });

  it('names every write a token can make in German in the audit log', () => {
    const unnamed = routes()
      .filter(([method, path]) => WRITE_METHODS.has(method) && (scopesForRoute(method, path)?.length ?? 0) > 0)
      .map(([method, path]) => [method, path, auditAction(method, path, 200)])
      .filter(
        ([, , action]) => !/ (erstellt|geändert|gelöscht)$|^[A-ZÄÖÜ][^/]*$/.test(action!) || action!.includes('/'),
      );
    expect(unnamed).toEqual([]);
  });

  it('keeps salaries behind the salary scopes', () => {
    expect(scopesForRoute('GET', '/api/employees')).toEqual(['salaries:read']);
    expect(scopesForRoute('PATCH', '/api/employees/salaries/:salaryId')).toEqual(['salaries:write']);
    expect(scopesForRoute('GET', '/api/forecasts/export')).toEqual(['forecast:read', 'salaries:read']);
    expect(scopesForRoute('POST', '/api/forecasts/exclude')).toEqual(['data:write']);
  });
});
