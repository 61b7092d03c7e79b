import { Stack } from '@mantine/core';
import { hasRole } from '@saldopilot/shared';
import type { RouteHandle } from '../../lib/document-title';
import { useCurrentOrganisation } from '../../reference-data/organisations';
import { useSignedInUser } from '../../reference-data/profile';
import { accessTexts as texts } from './components/access-texts';
import { ApiTokensSection } from './components/api-tokens-section';
import { AuditLogSection } from './components/audit-log-section';
import { ConnectionsSection } from './components/connections-section';

export const handle = { title: texts.title } satisfies RouteHandle;

/**
 * Settings → Zugriff (docs/web.md "Zugriff von aussen"): the user's API tokens and assistant
 * connections, and for owners and admins the current organisation's audit log.
 */
export function Component() {
  const user = useSignedInUser();
  const organisation = useCurrentOrganisation(user.currentOrganisationId);
  return (
    <Stack gap="lg" miw={0}>
      <ApiTokensSection organisationName={organisation?.name} />
      <ConnectionsSection />
      {organisation && hasRole(organisation.role, 'admin') ? (
        <AuditLogSection organisationId={organisation.id} />
      ) : null}
    </Stack>
  );
}
