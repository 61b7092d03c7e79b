import type { Invitation } from '@saldopilot/shared';
import { api } from '../../../lib/api-client';

/** Pending invitations of an organisation (admins). */
export function listInvitations(organisationId: number): Promise<Invitation[]> {
  return api.get<Invitation[]>(`/api/organisations/${organisationId}/invitations`);
}
