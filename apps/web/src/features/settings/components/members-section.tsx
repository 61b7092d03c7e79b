import { ActionIcon, Alert, Badge, Group, Select, Skeleton, Stack, Text, Tooltip } from '@mantine/core';
import { IconDoorExit, IconTrash } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { hasRole, roleLabels, roles, Z_INDEX, type Member, type Organisation, type Role } from '@saldopilot/shared';
import { pathTo } from '../../../config/routes';
import { areaQueryRoots } from '../../../lib/query-keys';
import { hideSpinner, showSpinner } from '../../../lib/spinner';
import { runConfirmed, runReported } from '../../../lib/user-action';
import { changeMemberRole } from '../api/change-member-role';
import { listMembers } from '../api/list-members';
import { removeMember } from '../api/remove-member';
import { SettingsSection } from './settings-section';
import { organisationTexts as texts } from './organisation-texts';
import { RoleBadge } from './role-badge';
import classes from './organisations.module.css';

export function membersKey(organisationId: number) {
  return [...areaQueryRoots.organisation, organisationId, 'members'] as const;
}

/** Roles `me` may give: owners any, admins those below admin (docs/api.md "Role gates"). */
function assignableRoles(me: Role): Role[] {
  if (me === 'owner') return [...roles];
  if (me === 'admin') return roles.filter((role) => !hasRole(role, 'admin'));
  return [];
}

/** Whether `me` may change or remove `member`: owners anyone, admins members below admin. */
function mayManage(me: Role, member: Member): boolean {
  if (me === 'owner') return true;
  return me === 'admin' && !hasRole(member.role, 'admin');
}

function MemberRow({ organisation, member, isMe }: { organisation: Organisation; member: Member; isMe: boolean }) {
  const queryClient = useQueryClient();
  const manageable = !isMe && mayManage(organisation.role, member);
  const name = member.name || member.email;
  const refresh = () => queryClient.invalidateQueries({ queryKey: membersKey(organisation.id) });

  const changeRole = (role: Role) =>
    runReported(
      async () => {
        await changeMemberRole(organisation.id, member.userId, role);
        await refresh();
      },
      { summary: texts.success, detail: texts.roleChanged, life: 'medium' },
    );

  const remove = async () => {
    const question = {
      header: texts.removeMember,
      message: texts.removeMemberQuestion(name),
      acceptLabel: texts.remove,
      rejectLabel: texts.cancel,
    };
    await runConfirmed(
      question,
      async () => {
        await removeMember(organisation.id, member.userId);
        await refresh();
      },
      { summary: texts.success, detail: texts.memberRemoved },
    );
  };

  // Leaving may change the current organisation on the server: the app starts afresh, like a switch.
  const leave = async () => {
    const question = {
      header: texts.leave,
      message: texts.leaveQuestion(organisation.name),
      acceptLabel: texts.leaveAccept,
      rejectLabel: texts.cancel,
    };
    await runConfirmed(
      question,
      async () => {
        showSpinner();
        await removeMember(organisation.id, member.userId).catch((error: unknown) => {
          hideSpinner();
          throw error;
        });
      },
      // The spinner stays while the app starts afresh at home.
      { summary: texts.success, detail: texts.left(organisation.name), reloadAt: pathTo('index') },
    );
  };

  return (
    <Group justify="space-between" gap="sm" className={classes.row} component="li">
      <Stack gap={0} miw={0} style={{ flex: '1 1 14rem' }}>
        <Group gap={6}>
          <Text fw={600} truncate>
            {name}
          </Text>
          {isMe ? (
            <Badge variant="outline" color="gray" size="xs" radius="sm" tt="none">
              {texts.you}
            </Badge>
          ) : null}
        </Group>
        <Text size="sm" c="dimmed" truncate>
          {member.email}
        </Text>
      </Stack>
      <Group gap="xs" wrap="nowrap" ml="auto">
        {manageable ? (
          <Select
            aria-label={`${texts.role} von ${name}`}
            data={assignableRoles(organisation.role).map((role) => ({ value: role, label: roleLabels[role] }))}
            value={member.role}
            onChange={(value) => value && value !== member.role && void changeRole(value as Role)}
            allowDeselect={false}
            comboboxProps={{ zIndex: Z_INDEX.menu }}
            w="11rem"
            size="xs"
          />
        ) : (
          <RoleBadge role={member.role} />
        )}
        {manageable ? (
          <Tooltip label={texts.removeMember} zIndex={Z_INDEX.tooltip}>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`${texts.removeMember}: ${name}`}
              onClick={() => void remove()}
            >
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
        ) : null}
        {isMe ? (
          <Tooltip label={texts.leave} zIndex={Z_INDEX.tooltip}>
            <ActionIcon variant="subtle" color="red" aria-label={texts.leave} onClick={() => void leave()}>
              <IconDoorExit size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
        ) : null}
      </Group>
    </Group>
  );
}

/** The members of an organisation; owners and admins manage roles below their own. */
export function MembersSection({ organisation, userId }: { organisation: Organisation; userId: number }) {
  const {
    data: members,
    isPending,
    isError,
  } = useQuery({
    queryKey: membersKey(organisation.id),
    queryFn: () => listMembers(organisation.id),
  });
  return (
    <SettingsSection title={`${texts.members} (${members?.length ?? organisation.memberCount})`}>
      {isError ? (
        <Alert color="red" variant="light" role="alert">
          {texts.membersFailed}
        </Alert>
      ) : isPending ? (
        <Skeleton h={48} radius="md" />
      ) : members.length === 0 ? (
        <Text c="dimmed">{texts.noMembers}</Text>
      ) : (
        <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
          {members.map((member) => (
            <MemberRow
              key={member.userId}
              organisation={organisation}
              member={member}
              isMe={member.userId === userId}
            />
          ))}
        </Stack>
      )}
    </SettingsSection>
  );
}
