import { queryOptions } from '@tanstack/react-query';
import type { ApiToken } from '@saldopilot/shared';
import { api } from '../../../lib/api-client';

/** Query keys of the user's API tokens: creating and revoking one invalidate `all`. */
export const apiTokenKeys = { all: ['api-tokens'] as const };

/** The user's own tokens, of every organisation, newest first; never a secret. */
export function listApiTokens(signal?: AbortSignal): Promise<ApiToken[]> {
  return api.get<ApiToken[]>('/api/api-tokens', { signal });
}

export const apiTokensQuery = queryOptions({
  queryKey: apiTokenKeys.all,
  queryFn: ({ signal }) => listApiTokens(signal),
});
