import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ServerTime } from '@saldopilot/shared';
import { api, asApiError } from '../lib/api-client';

export const serverTimeMessages = { loadFailed: 'Serverzeit konnte nicht geladen werden' } as const;

export const serverTimeQuery = queryOptions({
  queryKey: ['server-time'] as const,
  queryFn: () =>
    api.get<ServerTime>('/api/global/time').catch((error: unknown) => {
      throw asApiError(error, serverTimeMessages.loadFailed);
    }),
  staleTime: Infinity,
});

export function useServerTime() {
  return useQuery(serverTimeQuery);
}
