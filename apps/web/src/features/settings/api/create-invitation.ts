import type { Invitation, Role } from '@saldopilot/shared';
import { api } from '../../../lib/api-client';

/** Invites an e-mail address into an organisation; the server mails the link (valid 7 days). */
export function createInvitation(
  organisationId: number,
  invitation: { email: string; role: Exclude<Role, 'owner'> },
): Promise<Invitation> {
  return api.post<Invitation>(`/api/organisations/${organisationId}/invitations`, invitation);
}
