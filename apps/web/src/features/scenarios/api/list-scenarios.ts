import { queryOptions } from '@tanstack/react-query';
import type { Scenario, ScenarioDetail } from '@saldopilot/shared';
import { api, asApiError } from '../../../lib/api-client';
import { areaQueryRoots, planQueryRoots } from '../../../lib/query-keys';
import { scenarioTexts } from '../components/scenario-texts';

/**
 * The scenarios' query keys: the list and one scenario with its levers under the area's root (the
 * realtime stream invalidates it); the comparison under the forecast's root, since every change of
 * the base plan changes it too (docs/scenarios.md "The web").
 */
export const scenarioKeys = {
  all: areaQueryRoots.scenarios,
  list: () => [...scenarioKeys.all, 'list'] as const,
  detail: (id: number) => [...scenarioKeys.all, 'detail', id] as const,
  compare: (query: object) => [...planQueryRoots.forecasts, 'scenario-compare', query] as const,
};

/** Every scenario of the organisation (at most 30), by name. */
export function scenariosQuery() {
  return queryOptions({
    queryKey: scenarioKeys.list(),
    queryFn: ({ signal }) =>
      api.get<Scenario[]>('/api/scenarios', { signal }).catch((error: unknown) => {
        throw asApiError(error, scenarioTexts.loadFailed);
      }),
  });
}

/** One scenario with its levers in order. */
export function scenarioQuery(id: number) {
  return queryOptions({
    queryKey: scenarioKeys.detail(id),
    queryFn: ({ signal }) =>
      api.get<ScenarioDetail>(`/api/scenarios/${id}`, { signal }).catch((error: unknown) => {
        throw asApiError(error, scenarioTexts.scenarioLoadFailed);
      }),
    retry: false,
  });
}
