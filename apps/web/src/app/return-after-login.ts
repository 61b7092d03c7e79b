import { pathTo, routePaths } from './routes';

/** The login page's query parameter naming the page to return to after signing in. */
export const RETURN_PARAM = 'weiter';

/**
 * The pages a signed-out visitor returns to after login (docs/product.md "Route guards"): the
 * consent page, which an assistant opens from outside with a query that must not be lost (docs/access.md "OAuth").
 * Every other page sends the visitor to the plain login page, and login leads home.
 */
const returningPaths: ReadonlySet<string> = new Set([routePaths['oauth-authorize']]);

// Any origin will do: only the path and query of a same-app address are kept.
const APP_ORIGIN = 'http://app.invalid';

/**
 * Where a signed-out visitor of `location` is sent: the login page, naming the page with its query
 * (`/auth?weiter=%2Foauth%2Fauthorize%3F…`) when it is one they return to.
 */
export function loginPathFor(location: { pathname: string; search: string }): string {
  if (!returningPaths.has(location.pathname)) return pathTo('auth');
  const query = new URLSearchParams({ [RETURN_PARAM]: `${location.pathname}${location.search}` });
  return `${pathTo('auth')}?${query.toString()}`;
}

/**
 * The page login leads to, read from the login page's query: the named page with its query when it
 * is one a visitor returns to, else undefined (home). Another site or any other path is ignored, so
 * the parameter cannot send anyone away from the app.
 */
export function returnTargetOf(search: string): string | undefined {
  const target = new URLSearchParams(search).get(RETURN_PARAM);
  if (!target?.startsWith('/')) return undefined;
  let url: URL;
  try {
    url = new URL(target, APP_ORIGIN);
  } catch {
    return undefined;
  }
  if (url.origin !== APP_ORIGIN || !returningPaths.has(url.pathname)) return undefined;
  return `${url.pathname}${url.search}`;
}
