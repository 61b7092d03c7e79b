import type { Invitation } from '@saldopilot/shared';
import { api } from '../../../lib/api-client';

/** Mails an invitation again (at most every 10 minutes). */
export function resendInvitation(organisationId: number, invitationId: number): Promise<Invitation> {
  return api.post<Invitation>(`/api/organisations/${organisationId}/invitations/${invitationId}/resend`);
}
