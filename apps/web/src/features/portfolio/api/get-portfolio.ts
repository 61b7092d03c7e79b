import { queryOptions } from '@tanstack/react-query';
import type { Portfolio } from '@saldopilot/shared';
import { api } from '../../../lib/api-client';

export const portfolioKeys = { all: ['portfolio'] as const };

/** The Übersicht's rows over the user's organisations (docs/cockpit.md "The row"), the most urgent first. */
export function portfolioQuery() {
  return queryOptions({
    queryKey: portfolioKeys.all,
    queryFn: ({ signal }) => api.get<Portfolio>('/api/portfolio', { signal }),
  });
}
