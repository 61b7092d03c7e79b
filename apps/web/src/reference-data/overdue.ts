import { queryOptions } from '@tanstack/react-query';
import type { OccurrenceDismissalBulkResult } from '@saldopilot/shared';
import { api } from '../lib/api-client';
import { planQueryRoots } from '../lib/query-keys';

/**
 * The occurrences überfällig today, their count and sum (docs/plan-actual.md "Many at once"): whether
 * the Prognose offers "Entfällt" for many, and which transactions say "Überfällig seit …" in
 * Transaktionen (docs/web.md "Transaktionen"). Under the forecast's root, so every plan change loads
 * it again.
 */
export function overdueCountQuery(today: string | undefined) {
  return queryOptions({
    queryKey: [...planQueryRoots.forecasts, 'overdue', today] as const,
    queryFn: ({ signal }) =>
      api.get<OccurrenceDismissalBulkResult>('/api/occurrence-dismissals/bulk', {
        query: { before: today ?? '' },
        signal,
      }),
    enabled: today !== undefined,
  });
}
