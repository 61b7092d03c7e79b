import type { OccurrenceDismissalBulkResult } from '@saldopilot/shared';
import { api } from '../../../lib/api-client';
import { invalidatePlanQueries } from '../../../lib/query-keys';

/**
 * "Entfällt" for many and "Wiederherstellen" from Plan/Ist (docs/plan-actual.md "Many at once"):
 * every change loads the forecast and Plan/Ist again.
 */
export const planActualDismissals = {
  preview: (before: string) =>
    api.get<OccurrenceDismissalBulkResult>('/api/occurrence-dismissals/bulk', { query: { before } }),
  async dismiss(before: string): Promise<OccurrenceDismissalBulkResult> {
    const result = await api.post<OccurrenceDismissalBulkResult>('/api/occurrence-dismissals/bulk', { before });
    await invalidatePlanQueries();
    return result;
  },
  async restore(dismissalIds: number[]): Promise<void> {
    await api.post('/api/occurrence-dismissals/bulk-restore', { dismissalIds });
    await invalidatePlanQueries();
  },
};
