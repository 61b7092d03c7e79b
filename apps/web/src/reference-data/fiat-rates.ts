import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FiatRate } from '@saldopilot/shared';
import { api, asApiError } from '../lib/api-client';

export const fiatRatesMessages = { loadFailed: 'Wechselkurse konnten nicht geladen werden' } as const;

/** Rates for the organisation's currency: units of each target per 1 unit of `base`. */
export function fiatRatesQuery(base: string) {
  return queryOptions({
    queryKey: ['fiat-rates', base] as const,
    queryFn: () =>
      api.get<FiatRate[]>(`/api/fiat-rates/${encodeURIComponent(base)}`).catch((error: unknown) => {
        throw asApiError(error, fiatRatesMessages.loadFailed);
      }),
    staleTime: Infinity,
  });
}

export function useFiatRates(base: string) {
  return useQuery(fiatRatesQuery(base));
}
