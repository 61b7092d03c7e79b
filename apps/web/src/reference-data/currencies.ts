import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Currency } from '@saldopilot/shared';
import { api, asApiError } from '../lib/api-client';

export const currenciesMessages = { loadFailed: 'Währungen konnten nicht geladen werden' } as const;

export const currenciesQuery = queryOptions({
  queryKey: ['currencies'] as const,
  queryFn: () =>
    api.get<Currency[]>('/api/currencies').catch((error: unknown) => {
      throw asApiError(error, currenciesMessages.loadFailed);
    }),
  // Reference data of one app load; a new organisation currency reloads the app anyway.
  staleTime: Infinity,
});

export function useCurrencies() {
  return useQuery(currenciesQuery);
}
