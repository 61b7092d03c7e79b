import type { Organisation, OrganisationUpdate } from '@saldopilot/shared';
import { api } from '../../../lib/api-client';

/** Changes name and/or main currency (owners and admins). */
export function updateOrganisation(id: number, changes: OrganisationUpdate): Promise<Organisation> {
  return api.patch<Organisation>(`/api/organisations/${id}`, changes);
}
