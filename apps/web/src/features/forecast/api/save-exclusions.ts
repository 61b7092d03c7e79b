import type { ForecastExclusionUpdate } from '@saldopilot/shared';
import { api } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { forecastKeys } from './get-forecast';

/** Applies a batch of exclusion changes in one call (one database transaction); the forecast loads again. */
export async function saveExclusions(updates: ForecastExclusionUpdate[]): Promise<void> {
  await api.put('/api/forecasts/exclude', { updates });
  await queryClient.invalidateQueries({ queryKey: forecastKeys.all });
}
