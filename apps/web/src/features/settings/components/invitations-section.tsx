import { ActionIcon, Alert, Badge, Button, Group, Paper, Skeleton, Stack, Text, Tooltip } from '@mantine/core';
import { IconClock, IconRefresh, IconSend, IconX } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { invitationCreateSchema, roleLabels, Z_INDEX, type Invitation, type Organisation } from '@saldopilot/shared';
import { ChoiceField } from '../../../components/form/choice-field';
import { EmailInput } from '../../../components/form/email-input';
import { EntityForm } from '../../../components/form/entity-dialog';
import { useEntityForm } from '../../../components/form/use-entity-form';
import { schemaResolver } from '../../../components/form/use-schema-form';
import { areaQueryRoots } from '../../../lib/query-keys';
import { runConfirmed, runReported } from '../../../lib/user-action';
import { openDialog, type DialogControls } from '../../../lib/dialog';
import { formatDateTimeInZurich } from '@saldopilot/shared';
import { createInvitation } from '../api/create-invitation';
import { listInvitations } from '../api/list-invitations';
import { resendInvitation } from '../api/resend-invitation';
import { revokeInvitation } from '../api/revoke-invitation';
import { SettingsSection } from './settings-section';
import { organisationTexts as texts } from './organisation-texts';
import { RoleBadge } from './role-badge';
import classes from './organisations.module.css';

function invitationsKey(organisationId: number) {
  return [...areaQueryRoots.organisation, organisationId, 'invitations'] as const;
}

const invitableRoles = ['admin', 'editor', 'read-only'] as const;

const inviteResolver = schemaResolver(invitationCreateSchema);

function InviteForm({
  organisation,
  dialog,
}: {
  organisation: Organisation;
  dialog: DialogControls<Invitation | null>;
}) {
  const entity = useEntityForm({
    dialog,
    mode: 'create',
    titles: { create: texts.inviteTitle },
    resolver: inviteResolver,
    defaultValues: { email: '', role: 'read-only' as const },
    save: { create: (invitation) => createInvitation(organisation.id, invitation) },
    saved: (invitation) => texts.invited(invitation.email),
    failed: { create: texts.inviteFailed },
  });
  const {
    register,
    control,
    formState: { errors },
  } = entity.form;

  return (
    <EntityForm entity={entity} submit={{ label: texts.invite, icon: <IconSend size={16} aria-hidden /> }}>
      <EmailInput autoComplete="off" data-autofocus error={errors.email?.message} {...register('email')} />
      <ChoiceField
        control={control}
        name="role"
        label={texts.role}
        required
        data={invitableRoles.map((role) => ({ value: role, label: roleLabels[role] }))}
      />
    </EntityForm>
  );
}

function InvitationCard({ organisation, invitation }: { organisation: Organisation; invitation: Invitation }) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: invitationsKey(organisation.id) });

  const resend = () =>
    runReported(
      async () => {
        await resendInvitation(organisation.id, invitation.id);
        await refresh();
      },
      { summary: texts.success, detail: texts.resent },
    );

  const revoke = async () => {
    const question = {
      header: texts.revokeTitle,
      message: texts.revokeQuestion(invitation.email),
      acceptLabel: texts.revoke,
      rejectLabel: texts.cancel,
    };
    await runConfirmed(
      question,
      async () => {
        await revokeInvitation(organisation.id, invitation.id);
        await refresh();
      },
      { summary: texts.success, detail: texts.revoked },
    );
  };

  return (
    <Paper component="li" withBorder radius="md" p="sm" className={classes.invitationCard}>
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
        <Stack gap={2} miw={0}>
          <Text fw={600} truncate>
            {invitation.email}
          </Text>
          <Text size="sm" c="dimmed">
            {texts.invitedBy} {invitation.invitedByName}
          </Text>
          <Text size="sm" c={invitation.isExpired ? 'red' : 'dimmed'}>
            {texts.expires} {formatDateTimeInZurich(invitation.expiresAt)}
          </Text>
          <Group gap={6} mt={4}>
            <RoleBadge role={invitation.role} />
            {invitation.isExpired ? (
              <Badge color="red" variant="light" radius="sm" tt="none">
                {texts.expired}
              </Badge>
            ) : (
              <Badge
                color="gray"
                variant="light"
                radius="sm"
                tt="none"
                leftSection={<IconClock size={12} aria-hidden />}
              >
                {texts.pending}
              </Badge>
            )}
          </Group>
        </Stack>
        <Group gap={4} wrap="nowrap">
          <Tooltip label={texts.resend} zIndex={Z_INDEX.tooltip}>
            <ActionIcon
              variant="subtle"
              aria-label={`${texts.resend}: ${invitation.email}`}
              onClick={() => void resend()}
            >
              <IconRefresh size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={texts.revoke} zIndex={Z_INDEX.tooltip}>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`${texts.revoke}: ${invitation.email}`}
              onClick={() => void revoke()}
            >
              <IconX size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
    </Paper>
  );
}

/** Pending invitations of an organisation and the invite dialog (owners and admins). */
export function InvitationsSection({ organisation }: { organisation: Organisation }) {
  const queryClient = useQueryClient();
  const {
    data: invitations,
    isPending,
    isError,
  } = useQuery({
    queryKey: invitationsKey(organisation.id),
    queryFn: () => listInvitations(organisation.id),
  });

  const invite = async () => {
    const sent = await openDialog<Invitation | null>({
      header: texts.inviteTitle,
      size: 'compact',
      content: (dialog) => <InviteForm organisation={organisation} dialog={dialog} />,
    });
    if (sent) await queryClient.invalidateQueries({ queryKey: invitationsKey(organisation.id) });
  };

  return (
    <SettingsSection
      title={`${texts.invitations} (${invitations?.length ?? 0})`}
      action={
        <Group>
          <Button variant="light" leftSection={<IconSend size={16} aria-hidden />} onClick={() => void invite()}>
            {texts.invite}
          </Button>
        </Group>
      }
    >
      {isError ? (
        <Alert color="red" variant="light" role="alert">
          {texts.invitationsFailed}
        </Alert>
      ) : isPending ? (
        <Skeleton h={48} radius="md" />
      ) : invitations.length === 0 ? (
        <Text c="dimmed">{texts.noInvitations}</Text>
      ) : (
        <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
          {invitations.map((invitation) => (
            <InvitationCard key={invitation.id} organisation={organisation} invitation={invitation} />
          ))}
        </Stack>
      )}
    </SettingsSection>
  );
}
