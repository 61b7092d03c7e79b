import type { InvalidateQueryFilters } from '@tanstack/react-query';
import { forecastQueryRoots, queryRoots } from '@saldopilot/shared';
import { camelCase, type CamelCase } from './area-names';
import { queryClient } from './query-client';

/** Each root as the key prefix `[root]`, under its camelCase name. */
function rootKeys<const T extends readonly string[]>(
  roots: T,
): { readonly [R in T[number] as CamelCase<R>]: readonly [R] } {
  // TypeScript cannot follow Object.fromEntries: the type above says what it builds.
  return Object.fromEntries(roots.map((root) => [camelCase(root), [root]])) as never;
}

/**
 * The query-key roots of the organisation's data, one per area (`queryRoots` in
 * packages/shared/src/areas.ts, whose entries say which roots a change makes stale). The feature
 * api files build their keys on them, and the realtime stream (lib/realtime.ts) invalidates them
 * when another member changed something — features never import each other and lib sits below
 * them, so the roots live here rather than in each feature.
 */
export const areaQueryRoots = rootKeys(queryRoots);

/**
 * The query-key roots of the figures that follow the plan and its matches (docs/plan-actual.md):
 * the forecast and the Plan/Ist table (with the match suggestions under it). Several features
 * change them — matching an entry on the Buchungen page, "Entfällt" on the Prognose, the
 * organisation's settings — and features never import each other, so the roots live here.
 */
export const planQueryRoots = rootKeys(forecastQueryRoots);

/** After a change to the plan or its matches: the forecast, Plan/Ist and the suggestions load again. */
export async function invalidatePlanQueries(): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: planQueryRoots.forecasts }),
    queryClient.invalidateQueries({ queryKey: planQueryRoots.planActual }),
  ]);
}

/**
 * Every query but the signed-in user's profile: what "reload everything" means for a change stream
 * that missed events or a promote that touched many areas. The profile belongs to the session, not
 * to the organisation's data; it is fetched once per app load and set directly by login, logout and
 * profile updates (docs/product.md "Route guards"), so no organisation event reloads it.
 */
export const organisationQueries = {
  predicate: (query) => query.queryKey[0] !== 'profile',
} as const satisfies InvalidateQueryFilters;
