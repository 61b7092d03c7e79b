import type { User } from '@saldopilot/shared';
import { api } from '../../../lib/api-client';

/** Joins the inviting organisation; the answer is the user. */
export function acceptMyInvitation(invitationId: number): Promise<User> {
  return api.post<User>(`/api/me/invitations/${invitationId}/accept`);
}
