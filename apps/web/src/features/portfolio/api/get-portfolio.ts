import { queryOptions } from '@tanstack/react-query';
import type { Portfolio } from '@saldopilot/shared';
import { api } from '../../../lib/api-client';

export const portfolioKeys = { all: ['portfolio'] as const };

/**
 * While a row is "wird aktualisiert" or an organisation "wird berechnet", the page reads again this
 * often: the server computes them in the background right after answering (docs/cockpit.md "Stored rows").
 */
export const PORTFOLIO_REFRESH_MS = 2_000;

/** Whether the answer still has rows being computed in the background. */
export function isRefreshing(portfolio: Portfolio | undefined): boolean {
  return portfolio !== undefined && (portfolio.pending.length > 0 || portfolio.rows.some((row) => row.updating));
}

/** The Übersicht's rows over the user's organisations (docs/cockpit.md "The row"), the most urgent first. */
export function portfolioQuery() {
  return queryOptions({
    queryKey: portfolioKeys.all,
    queryFn: ({ signal }) => api.get<Portfolio>('/api/portfolio', { signal }),
    refetchInterval: (query) => (isRefreshing(query.state.data) ? PORTFOLIO_REFRESH_MS : false),
  });
}
