import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { messageOf } from '../../../lib/api-error';
import { runConfirmed } from '../../../lib/user-action';
import { showToast, showToastAfterReload } from '../../../lib/toast';
import { reloadOrganisations } from '../../../reference-data/organisations';
import { currentUser, setUser } from '../../../reference-data/profile';
import { acceptMyInvitation } from '../api/accept-my-invitation';
import { declineMyInvitation } from '../api/decline-my-invitation';
import { listMyInvitations, type MyInvitation } from '../api/list-my-invitations';
import { organisationTexts as texts } from './organisation-texts';
import { RoleBadge } from './role-badge';
import classes from './organisations.module.css';

export const myInvitationsKey = ['me', 'invitations'] as const;

/** Invitations addressed to the user: join or decline (docs/web.md "Einstellungen"). */
export function MyInvitations() {
  const queryClient = useQueryClient();
  const { data: invitations = [] } = useQuery({ queryKey: myInvitationsKey, queryFn: listMyInvitations });
  if (invitations.length === 0) return null;

  const refresh = () => queryClient.invalidateQueries({ queryKey: myInvitationsKey });

  const accept = async (invitation: MyInvitation) => {
    try {
      const before = currentUser();
      const user = await acceptMyInvitation(invitation.id);
      setUser(user);
      const joined = {
        severity: 'success',
        summary: texts.success,
        detail: texts.accepted(invitation.organisationName),
      } as const;
      // Now working in the joined organisation: everything on screen belongs to the old one.
      if (before && before.currentOrganisationId !== user.currentOrganisationId) {
        showToastAfterReload(joined);
        window.location.reload();
        return;
      }
      await Promise.all([refresh(), reloadOrganisations()]);
      showToast(joined);
    } catch (error) {
      showToast({ severity: 'error', summary: texts.error, detail: messageOf(error, texts.error) });
    }
  };

  const decline = async (invitation: MyInvitation) => {
    const question = {
      header: texts.declineTitle,
      message: texts.declineQuestion(invitation.organisationName),
      acceptLabel: texts.decline,
      rejectLabel: texts.cancel,
    };
    await runConfirmed(
      question,
      async () => {
        await declineMyInvitation(invitation.id);
        await refresh();
      },
      { severity: 'info', summary: texts.declinedSummary, detail: texts.declined(invitation.organisationName) },
    );
  };

  return (
    <Stack gap="sm">
      <Alert color="orange" variant="light" role="status">
        {texts.myInvitations(invitations.length)}
      </Alert>
      {invitations.map((invitation) => (
        <Paper key={invitation.id} withBorder radius="md" p="md" className={classes.invitationCard}>
          <Group justify="space-between" gap="sm">
            <Stack gap={2}>
              <Text fw={600}>{invitation.organisationName}</Text>
              <Text size="sm" c="dimmed">
                Eingeladen von {invitation.invitedByName}
              </Text>
              <Group gap={6} mt={4}>
                <RoleBadge role={invitation.role} />
              </Group>
            </Stack>
            <Group gap="xs">
              <Button
                variant="default"
                leftSection={<IconX size={16} aria-hidden />}
                onClick={() => void decline(invitation)}
              >
                {texts.decline}
              </Button>
              <Button leftSection={<IconCheck size={16} aria-hidden />} onClick={() => void accept(invitation)}>
                {texts.accept}
              </Button>
            </Group>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
