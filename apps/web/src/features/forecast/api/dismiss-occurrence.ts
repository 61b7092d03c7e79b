import { queryOptions } from '@tanstack/react-query';
import type {
  OccurrenceDismissal,
  OccurrenceDismissalBulkResult,
  OccurrenceDismissalList,
  OccurrenceKey,
} from '@saldopilot/shared';
import { api, asApiError } from '../../../lib/api-client';
import { invalidatePlanQueries, planQueryRoots } from '../../../lib/query-keys';

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

/** What "Entfällt" for many would mark before `before` (docs/plan-actual.md "Many at once"). */
export function previewBulkDismissal(before: string): Promise<OccurrenceDismissalBulkResult> {
  return api.get<OccurrenceDismissalBulkResult>('/api/occurrence-dismissals/bulk', { query: { before } });
}

/** Marks every überfällig occurrence due before `before` "entfällt". */
export async function dismissBulk(before: string): Promise<OccurrenceDismissalBulkResult> {
  const result = await api.post<OccurrenceDismissalBulkResult>('/api/occurrence-dismissals/bulk', { before });
  await invalidatePlanQueries();
  return result;
}

/** Takes several marks back ("Wiederherstellen", "Rückgängig" of the bulk toast). */
export async function restoreOccurrences(dismissalIds: number[]): Promise<void> {
  await api.post('/api/occurrence-dismissals/bulk-restore', { dismissalIds });
  await invalidatePlanQueries();
}

/** The marks "entfällt" (under the forecast's root: every plan change loads them again). */
export function dismissalsQuery() {
  return queryOptions({
    queryKey: [...planQueryRoots.forecasts, 'dismissals'] as const,
    queryFn: ({ signal }) =>
      api.get<OccurrenceDismissalList>('/api/occurrence-dismissals', { signal }).catch((error: unknown) => {
        throw asApiError(error, 'Die entfallenen Zahlungen konnten nicht geladen werden');
      }),
  });
}
