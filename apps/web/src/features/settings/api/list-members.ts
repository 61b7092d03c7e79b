import type { Member } from '@saldopilot/shared';
import { api } from '../../../lib/api-client';

/** The members of an organisation with their roles. */
export function listMembers(organisationId: number): Promise<Member[]> {
  return api.get<Member[]>(`/api/organisations/${organisationId}/members`);
}
