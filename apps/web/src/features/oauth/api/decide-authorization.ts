import type { AuthorizationDecision } from '@saldopilot/shared';
import { api } from '../../../lib/api-client';

/** The user's answer to an authorization request; the answer says where the browser goes next. */
export function decideAuthorization(decision: AuthorizationDecision): Promise<{ redirectTo: string }> {
  return api.post<{ redirectTo: string }>('/api/oauth/authorization', decision);
}
