import type { User } from '@saldopilot/shared';
import { api } from '../lib/api-client';

/** Makes `organisationId` the user's current organisation (docs/product.md "Organisation switch", step 3); answers the updated user. */
export function switchCurrentOrganisation(organisationId: number): Promise<User> {
  return api.patch<User>('/api/profile/organisation', { organisationId });
}
