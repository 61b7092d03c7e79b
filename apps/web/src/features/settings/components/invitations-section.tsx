import { ActionIcon, Alert, Badge, Button, Group, Paper, Select, Skeleton, Stack, Text, Tooltip } from '@mantine/core';
import { IconClock, IconRefresh, IconSend, IconX } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Controller } from 'react-hook-form';
import { invitationCreateSchema, roleLabels, Z_INDEX, type Invitation, type Organisation } from '@saldopilot/shared';
import { EmailInput } from '../../../components/form/email-input';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { Form } from '../../../components/form/form';
import { useInlineMessage } from '../../../components/form/inline-message';
import { DialogFormActions } from '../../../components/form/dialog-form-actions';
import { ApiError } from '../../../lib/api-error';
import { runConfirmed, runReported } from '../../../lib/user-action';
import { openDialog } from '../../../lib/dialog';
import { formatDateTimeInZurich } from '@saldopilot/shared';
import { showToast } from '../../../lib/toast';
import { createInvitation } from '../api/create-invitation';
import { listInvitations } from '../api/list-invitations';
import { resendInvitation } from '../api/resend-invitation';
import { revokeInvitation } from '../api/revoke-invitation';
import { SettingsSection } from './settings-section';
import { organisationTexts as texts } from './organisation-texts';
import { RoleBadge } from './role-badge';
import classes from './organisations.module.css';

function invitationsKey(organisationId: number) {
  return ['organisation', organisationId, 'invitations'] as const;
}

const invitableRoles = ['admin', 'editor', 'read-only'] as const;

function InviteForm({ organisation, close }: { organisation: Organisation; close: (sent?: boolean) => void }) {
  const [message, showMessage] = useInlineMessage();
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useSchemaForm(invitationCreateSchema, { defaultValues: { email: '', role: 'read-only' as const } });

  const onSubmit = handleSubmit(async (invitation) => {
    try {
      await createInvitation(organisation.id, invitation);
      showToast({ severity: 'success', summary: texts.success, detail: texts.invited(invitation.email) });
      close(true);
    } catch (error) {
      showMessage({
        severity: 'error',
        text: texts.inviteFailed,
        detail: error instanceof ApiError ? error.message : undefined,
      });
    }
  });

  return (
    <Form onSubmit={onSubmit} aria-label={texts.inviteTitle}>
      <EmailInput autoComplete="off" data-autofocus error={errors.email?.message} {...register('email')} />
      <Controller
        control={control}
        name="role"
        render={({ field }) => (
          <Select
            label={texts.role}
            required
            data={invitableRoles.map((role) => ({ value: role, label: roleLabels[role] }))}
            value={field.value}
            onChange={(value) => value && field.onChange(value)}
            allowDeselect={false}
            comboboxProps={{ zIndex: Z_INDEX.modal + 10 }}
            error={errors.role?.message}
          />
        )}
      />
      <DialogFormActions
        control={control}
        onCancel={() => close()}
        cancelLabel={texts.cancel}
        submitLabel={texts.invite}
        icon={<IconSend size={16} aria-hidden />}
        message={message}
      />
    </Form>
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
    const sent = await openDialog<boolean>({
      header: texts.inviteTitle,
      size: 'compact',
      content: ({ close }) => <InviteForm organisation={organisation} close={close} />,
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
