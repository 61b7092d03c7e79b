import { api } from '../../../lib/api-client';

/** Declines an invitation addressed to the user. */
export async function declineMyInvitation(invitationId: number): Promise<void> {
  await api.delete(`/api/me/invitations/${invitationId}`);
}
