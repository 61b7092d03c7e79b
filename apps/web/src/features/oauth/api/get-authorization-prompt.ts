import type { AuthorizationPrompt } from '@saldopilot/shared';
import { api } from '../../../lib/api-client';

/**
 * What the consent page shows for an assistant's authorization request: the query exactly as the
 * browser arrived with it (`?response_type=code&client_id=…`). A request the server refuses is a 400
 * with a German message.
 */
export function getAuthorizationPrompt(search: string, signal?: AbortSignal): Promise<AuthorizationPrompt> {
  return api.get<AuthorizationPrompt>(`/api/oauth/authorization${search}`, { signal });
}
