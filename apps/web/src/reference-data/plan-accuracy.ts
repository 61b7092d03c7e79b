import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PlanAccuracy } from '@saldopilot/shared';
import { api, asApiError } from '../lib/api-client';
import { planQueryRoots } from '../lib/query-keys';

export const planAccuracyMessages = { loadFailed: 'Die Planungsgenauigkeit konnte nicht geladen werden' } as const;

/**
 * `GET /plan-actual/accuracy` (docs/plan-actual.md "Accuracy per horizon"): WAPE and bias per side
 * and horizon. Under Plan/Ist's root, so a match or a plan change loads it again; read by Plan/Ist
 * (the table) and the Prognose (the band around the end balance).
 */
export const planAccuracyQuery = queryOptions({
  queryKey: [...planQueryRoots.planActual, 'accuracy'] as const,
  queryFn: ({ signal }) =>
    api.get<PlanAccuracy>('/api/plan-actual/accuracy', { signal }).catch((error: unknown) => {
      throw asApiError(error, planAccuracyMessages.loadFailed);
    }),
});

export function usePlanAccuracy() {
  return useQuery(planAccuracyQuery);
}
