import { api } from '../../../lib/api-client';

/** Withdraws a pending invitation; its link stops working. */
export async function revokeInvitation(organisationId: number, invitationId: number): Promise<void> {
  await api.delete(`/api/organisations/${organisationId}/invitations/${invitationId}`);
}
