import { Alert, Badge, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowsExchange } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { hasRole, roleLabels, type Organisation, type User } from '@saldopilot/shared';
import { switchOrganisation } from '../../components/shell/organisation-switch';
import { InlineMessage, useInlineMessage } from '../../components/form/inline-message';
import { ApiError } from '../../lib/api-error';
import type { RouteHandle } from '../../lib/document-title';
import { areaQueryRoots } from '../../lib/query-keys';
import { hideSpinner, showSpinner } from '../../lib/spinner';
import { reloadOrganisations } from '../../reference-data/organisations';
import { useSignedInUser } from '../../reference-data/profile';
import { getOrganisation } from './api/get-organisation';
import { updateOrganisation } from './api/update-organisation';
import { InvitationsSection } from './components/invitations-section';
import { MatchSettingsSection } from './components/match-settings-section';
import { PaymentTermSection } from './components/payment-term-section';
import { MembersSection } from './components/members-section';
import { MinimumBalanceSection } from './components/minimum-balance-section';
import { changesOf } from '../../components/form/entity-changes';
import { OrganisationForm } from './components/organisation-form';
import { organisationTexts as texts } from './components/organisation-texts';
import { SettingsSection } from './components/settings-section';
import { VatSettingsSection } from './components/vat-settings-section';
import { PaymentCalendarSection } from './components/payment-calendar-section';

export const handle = {} satisfies RouteHandle;

function organisationKey(id: number) {
  return [...areaQueryRoots.organisation, id] as const;
}

function GeneralSection({ organisation, user }: { organisation: Organisation; user: User }) {
  const queryClient = useQueryClient();
  const [message, showMessage] = useInlineMessage();
  const editable = hasRole(organisation.role, 'admin');

  return (
    <SettingsSection title={texts.general} description={editable ? undefined : texts.readOnlyHint}>
      <OrganisationForm
        label={texts.general}
        readOnly={!editable}
        values={{ name: organisation.name, currencyId: organisation.currency.id }}
        onSubmit={async (input, reset) => {
          const currencyChanged = input.currencyId !== organisation.currency.id;
          const reloadApp = currencyChanged && organisation.id === user.currentOrganisationId;
          // The current organisation's currency drives every amount on screen: start afresh after it.
          if (reloadApp) showSpinner();
          try {
            const updated = await updateOrganisation(
              organisation.id,
              changesOf({ name: organisation.name, currencyId: organisation.currency.id }, input),
            );
            if (reloadApp) {
              window.location.reload();
              return;
            }
            queryClient.setQueryData(organisationKey(organisation.id), updated);
            await reloadOrganisations();
            reset({ name: updated.name, currencyId: updated.currency.id });
            showMessage({ severity: 'success', text: texts.updated });
          } catch (error) {
            hideSpinner();
            showMessage({
              severity: 'error',
              text: texts.updateFailed,
              detail: error instanceof ApiError ? error.message : undefined,
            });
          }
        }}
      >
        <InlineMessage message={message} />
      </OrganisationForm>
    </SettingsSection>
  );
}

/**
 * One organisation in the settings: general data, members, invitations (docs/web.md
 * "Organisation").
 */
export function Component() {
  const user = useSignedInUser();
  const id = Number(useParams().id);
  const query = useQuery({ queryKey: organisationKey(id), queryFn: () => getOrganisation(id) });

  if (query.isPending) {
    return (
      <Stack gap="md" aria-busy>
        <Skeleton h={36} w="50%" radius="md" />
        <Skeleton h={220} radius="md" />
      </Stack>
    );
  }
  if (query.isError) {
    return (
      <Alert color="red" variant="light" role="alert" title={texts.loadFailed}>
        {query.error instanceof ApiError ? query.error.message : null}
      </Alert>
    );
  }

  const organisation = query.data;
  const current = organisation.id === user.currentOrganisationId;
  return (
    <Stack gap="lg" miw={0}>
      <Group justify="space-between" gap="sm">
        <Stack gap={2} miw={0}>
          <Title order={2} fz="h3" style={{ overflowWrap: 'anywhere' }}>
            {organisation.name}
          </Title>
          <Text size="sm" c="dimmed">
            Ihre Rolle: {roleLabels[organisation.role]}
          </Text>
        </Stack>
        {current ? (
          <Badge color="teal" variant="light" size="lg" radius="sm" tt="none">
            {texts.active}
          </Badge>
        ) : (
          <Button
            variant="outline"
            leftSection={<IconArrowsExchange size={16} aria-hidden />}
            onClick={() => void switchOrganisation(organisation, user.currentOrganisationId)}
          >
            {texts.switch}
          </Button>
        )}
      </Group>
      <GeneralSection key={organisation.id} organisation={organisation} user={user} />
      <MinimumBalanceSection
        key={`minimum-${organisation.id}`}
        organisation={organisation}
        queryKey={organisationKey(organisation.id)}
      />
      <MatchSettingsSection
        key={`match-${organisation.id}`}
        organisation={organisation}
        queryKey={organisationKey(organisation.id)}
      />
      <PaymentTermSection
        key={`payment-term-${organisation.id}`}
        organisation={organisation}
        queryKey={organisationKey(organisation.id)}
      />
      <VatSettingsSection key={`vat-${organisation.id}`} organisation={organisation} current={current} />
      <PaymentCalendarSection key={`calendar-${organisation.id}`} organisation={organisation} current={current} />
      <MembersSection organisation={organisation} userId={user.id} />
      {hasRole(organisation.role, 'admin') ? <InvitationsSection organisation={organisation} /> : null}
    </Stack>
  );
}
