import { hasRole } from '@saldopilot/shared';
import { useOrganisations } from '../../../reference-data/organisations';
import { useSignedInUser } from '../../../reference-data/profile';

/**
 * Whether the user may change the current organisation's data (editor or above). Read-only members
 * get no write controls at all; until the organisations (with the role) are loaded nobody does, so
 * a read-only member never sees a button flash up. The server refuses their writes anyway (403).
 */
export function useCanEdit(): boolean {
  const user = useSignedInUser();
  const { data: organisations } = useOrganisations();
  const current = organisations?.find((organisation) => organisation.id === user.currentOrganisationID);
  return current ? hasRole(current.role, 'editor') : false;
}
