import type { ApiTokenCreate, ApiTokenCreated } from '@saldopilot/shared';
import { api } from '../../../lib/api-client';

/** Makes a token for the current organisation; the answer carries its secret, this once. */
export function createApiToken(token: ApiTokenCreate): Promise<ApiTokenCreated> {
  return api.post<ApiTokenCreated>('/api/api-tokens', token);
}
