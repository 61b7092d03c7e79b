import { queryOptions } from '@tanstack/react-query';
import type { Scenario } from '@saldopilot/shared';
import { api, asApiError } from '../../../lib/api-client';
import { areaQueryRoots } from '../../../lib/query-keys';

/**
 * The scenarios the Prognose's selector offers (docs/scenarios.md "The web"). Its own call: features
 * never import each other; under the scenarios' root, so a change anywhere reloads it.
 */
export function scenarioChoicesQuery() {
  return queryOptions({
    queryKey: [...areaQueryRoots.scenarios, 'forecast-choices'] as const,
    queryFn: ({ signal }) =>
      api.get<Scenario[]>('/api/scenarios', { signal }).catch((error: unknown) => {
        throw asApiError(error, 'Szenarien konnten nicht geladen werden');
      }),
  });
}
