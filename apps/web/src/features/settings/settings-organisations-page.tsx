import { Alert, Badge, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link, Outlet, useNavigate, useParams } from 'react-router';
import { roleLabels } from '@saldopilot/shared';
import { pathTo } from '../../config/routes';
import type { RouteHandle } from '../../lib/document-title';
import { useOrganisations } from '../../reference-data/organisations';
import { useSignedInUser } from '../../reference-data/profile';
import { openCreateOrganisationDialog } from './components/create-organisation-dialog';
import { MyInvitations } from './components/my-invitations';
import { organisationTexts as texts } from './components/organisation-texts';
import classes from './components/organisations.module.css';

export const handle = { title: 'Organisationen' } satisfies RouteHandle;

function OrganisationList() {
  const user = useSignedInUser();
  const { id } = useParams();
  const { data: organisations, isPending, isError } = useOrganisations();

  if (isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        {texts.listFailed}
      </Alert>
    );
  }
  if (isPending) {
    return (
      <Stack gap="xs" aria-hidden>
        <Skeleton h={48} radius="md" />
        <Skeleton h={48} radius="md" />
      </Stack>
    );
  }
  if (organisations.length === 0) return <Text c="dimmed">{texts.empty}</Text>;
  return (
    <nav aria-label={texts.listLabel}>
      <ul className={classes.list}>
        {organisations.map((organisation) => {
          const selected = String(organisation.id) === id;
          const current = organisation.id === user.currentOrganisationId;
          return (
            <li key={organisation.id}>
              <Link
                to={pathTo('settings-organisations-id', { id: organisation.id })}
                className={classes.item}
                data-selected={selected || undefined}
                aria-current={selected ? 'page' : undefined}
              >
                <span className={classes.avatar} data-current={current || undefined} aria-hidden>
                  {organisation.name.slice(0, 1).toUpperCase()}
                </span>
                <span className={classes.itemText}>
                  {/* Two lines before it is cut: beside "Aktiv", one line held only "Demo Treuhan…". */}
                  <Text component="span" fw={600} display="block" lineClamp={2} className={classes.itemName}>
                    {organisation.name}
                  </Text>
                  <Text component="span" size="xs" c="dimmed" display="block">
                    {roleLabels[organisation.role]} · {organisation.currency.code}
                  </Text>
                </span>
                {current ? (
                  <Badge color="teal" variant="light" size="sm" radius="sm" tt="none">
                    {texts.active}
                  </Badge>
                ) : null}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/**
 * Settings → Organisationen: the user's organisations, the selected one below (docs/web.md
 * "Einstellungen").
 */
export function Component() {
  const user = useSignedInUser();
  const navigate = useNavigate();

  const create = async () => {
    const created = await openCreateOrganisationDialog(user);
    if (created) await navigate(pathTo('settings-organisations-id', { id: created.id }));
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" gap="sm">
        <div>
          <Title order={2} fz="h3">
            {texts.heading}
          </Title>
          <Text size="sm" c="dimmed" mt={4}>
            {texts.subtitle}
          </Text>
        </div>
        <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => void create()}>
          {texts.add}
        </Button>
      </Group>
      <MyInvitations />
      <div className={classes.layout}>
        <Paper withBorder radius="md" p="sm">
          <OrganisationList />
        </Paper>
        <Outlet />
      </div>
    </Stack>
  );
}
