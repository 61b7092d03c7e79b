import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BankAccountFreshness } from '@saldopilot/shared';
import { api, asApiError } from '../lib/api-client';
import { areaQueryRoots } from '../lib/query-keys';

export const balanceFreshnessMessages = { loadFailed: 'Der Stand der Saldi konnte nicht geladen werden' } as const;

/**
 * `GET /bank-accounts/freshness` (docs/plan-actual.md "Freshness"): the balances older than 10 days.
 * Under the bank accounts' root, so an account changed here or by another member loads it again;
 * read by the Prognose and Plan/Ist alike.
 */
export const balanceFreshnessQuery = queryOptions({
  queryKey: [...areaQueryRoots.bankAccounts, 'freshness'] as const,
  queryFn: ({ signal }) =>
    api.get<BankAccountFreshness>('/api/bank-accounts/freshness', { signal }).catch((error: unknown) => {
      throw asApiError(error, balanceFreshnessMessages.loadFailed);
    }),
});

export function useBalanceFreshness() {
  return useQuery(balanceFreshnessQuery);
}
