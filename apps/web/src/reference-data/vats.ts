import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Vat } from '@saldopilot/shared';
import { api } from '../lib/api-client';
import { areaQueryRoots } from '../lib/query-keys';

export const vatKeys = {
  all: areaQueryRoots.vats,
};

/**
 * The VAT rates the organisation can choose: the system's (8.1 %, 2.6 %, 3.8 %) and its own. Read by
 * the transactions' forms and by the list "Wiederkehrende Zahlungen" (docs/recurring.md "The web").
 */
export function listVats(signal?: AbortSignal): Promise<Vat[]> {
  return api.get<Vat[]>('/api/vats', { signal });
}

export const vatsQuery = queryOptions({
  queryKey: vatKeys.all,
  queryFn: ({ signal }) => listVats(signal),
});

export function useVats() {
  return useQuery(vatsQuery);
}
