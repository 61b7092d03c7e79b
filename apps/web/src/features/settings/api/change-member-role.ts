import type { Member, Role } from '@saldopilot/shared';
import { api } from '../../../lib/api-client';

/** Gives a member another role; the last owner is protected by the server. */
export function changeMemberRole(organisationId: number, userId: number, role: Role): Promise<Member> {
  return api.patch<Member>(`/api/organisations/${organisationId}/members/${userId}`, { role });
}
