import { generatePath, type PathParam } from 'react-router';

/**
 * The route table: the route names of docs/product.md "Routes" and their paths. Links and redirects are built from
 * names with `pathTo`, never from hand-written paths, so a path changes in this one place.
 */
export const routePaths = {
  index: '/',
  // docs/product.md "Routes" names this route without a path; ours redirects to the home page, which
  // is the forecast area, so that "Prognose" has one address.
  forecasts: '/forecasts',
  // Plan vs actual (ours, docs/plan-actual.md "Plan/Ist"): a tab beside the Prognose, under the
  // forecast area's address.
  'forecasts-plan-actual': '/forecasts/plan-actual',
  // The Übersicht over the user's organisations (ours, docs/cockpit.md).
  overview: '/overview',
  // Scenarios (ours, docs/scenarios.md "The web"): the list, the comparison and one scenario's levers.
  scenarios: '/scenarios',
  'scenarios-compare': '/scenarios/compare',
  'scenarios-id': '/scenarios/:id',
  settings: '/settings',
  'settings-app': '/settings/app',
  'settings-organisations': '/settings/organisations',
  'settings-organisations-id': '/settings/organisations/:id',
  'settings-profile': '/settings/profile',
  // API tokens, assistant connections and the audit log (ours, docs/web.md "Zugriff von aussen").
  'settings-access': '/settings/access',
  auth: '/auth',
  'auth-validate': '/auth/validate',
  'auth-registration': '/auth/registration',
  'auth-forgot-password': '/auth/forgot-password',
  'auth-reset-password': '/auth/reset-password',
  // The link of an invitation mail; open also when signed in (docs/web.md "Session").
  'auth-invitation': '/auth/invitation',
  employees: '/employees',
  'employees-id': '/employees/:id',
  transactions: '/transactions',
  'bank-accounts': '/bank-accounts',
  // The booked entries of one account (ours, docs/product.md "Routes").
  'bank-accounts-id-entries': '/bank-accounts/:id/entries',
  // The OAuth authorization endpoint: the consent page an assistant sends the browser to (ours,
  // docs/access.md "OAuth").
  'oauth-authorize': '/oauth/authorize',
} as const;

export type RouteName = keyof typeof routePaths;

type ParamName<Name extends RouteName> = PathParam<(typeof routePaths)[Name]>;

/** The path parameters of a route, e.g. `{ id: 12 }` for `employees-id`. */
export type RouteParams<Name extends RouteName> = { [Key in ParamName<Name>]: string | number };

// Routes without parameters take none, routes with parameters require all of them.
type PathToArgs<Name extends RouteName> = [ParamName<Name>] extends [never] ? [] : [params: RouteParams<Name>];

/** The path of a named route: `pathTo('employees-id', { id: 12 })` is `/employees/12`. */
export function pathTo<Name extends RouteName>(name: Name, ...[params]: PathToArgs<Name>): string {
  const values = Object.fromEntries(Object.entries(params ?? {}).map(([key, value]) => [key, String(value)]));
  return generatePath<string>(routePaths[name], values);
}
