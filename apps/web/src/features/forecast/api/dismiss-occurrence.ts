import type { OccurrenceDismissal, OccurrenceKey } from '@saldopilot/shared';
import { api } from '../../../lib/api-client';
import { invalidatePlanQueries } from '../../../lib/query-keys';

/**
 * Marks an überfällig occurrence "entfällt" (docs/plan-actual.md "The forecast counts nothing
 * twice"): it leaves the forecast; Plan/Ist still counts it as planned.
 */
export async function dismissOccurrence(key: OccurrenceKey): Promise<OccurrenceDismissal> {
  const dismissal = await api.post<OccurrenceDismissal>('/api/occurrence-dismissals', key);
  await invalidatePlanQueries();
  return dismissal;
}

/** Takes "entfällt" back ("Rückgängig"): the occurrence is überfällig again. */
export async function restoreOccurrence(dismissalId: number): Promise<void> {
  await api.delete(`/api/occurrence-dismissals/${dismissalId}`);
  await invalidatePlanQueries();
}
