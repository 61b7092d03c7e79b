import { queryOptions } from '@tanstack/react-query';
import type { Connection } from '@saldopilot/shared';
import { api } from '../../../lib/api-client';

/** Query keys of the user's assistant connections: revoking one invalidates `all`. */
export const connectionKeys = { all: ['connections'] as const };

/** The assistants the user gave access (OAuth grants), of every organisation, newest first. */
export function listConnections(signal?: AbortSignal): Promise<Connection[]> {
  return api.get<Connection[]>('/api/connections', { signal });
}

export const connectionsQuery = queryOptions({
  queryKey: connectionKeys.all,
  queryFn: ({ signal }) => listConnections(signal),
});
