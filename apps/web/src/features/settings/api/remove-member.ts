import { api } from '../../../lib/api-client';

/** Removes a member from an organisation. */
export async function removeMember(organisationId: number, userId: number): Promise<void> {
  await api.delete(`/api/organisations/${organisationId}/members/${userId}`);
}
