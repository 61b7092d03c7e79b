import type { Organisation, OrganisationCreate } from '@saldopilot/shared';
import { api } from '../../../lib/api-client';

/** Creates an organisation with the user as its owner. */
export function createOrganisation(input: OrganisationCreate): Promise<Organisation> {
  return api.post<Organisation>('/api/organisations', input);
}
