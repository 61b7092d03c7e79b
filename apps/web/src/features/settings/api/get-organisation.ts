import type { Organisation } from '@saldopilot/shared';
import { api } from '../../../lib/api-client';

/** One of the user's organisations; another one answers 404. */
export function getOrganisation(id: number): Promise<Organisation> {
  return api.get<Organisation>(`/api/organisations/${id}`);
}
