import '@mantine/core/styles/Menu.css';
import { Alert, Anchor, Button, Group, Menu, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import {
  IconArrowLeft,
  IconArrowsDiff,
  IconChartLine,
  IconChevronDown,
  IconPencil,
  IconPlus,
  IconUpload,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { addMonthsToMonth, hasRole, leverTypeLabels, leverTypes, type Lever } from '@saldopilot/shared';
import { pathTo } from '../../config/routes';
import { ApiError } from '../../lib/api-error';
import type { RouteHandle } from '../../lib/document-title';
import { usePreference } from '../../lib/preferences';
import { runConfirmed, runReported } from '../../lib/user-action';
import { useCanEditCurrentOrganisation, useCurrentOrganisation } from '../../reference-data/organisations';
import { useSignedInUser } from '../../reference-data/profile';
import { useServerTime } from '../../reference-data/server-time';
import { compareQuery } from './api/compare-scenarios';
import { scenarioQuery } from './api/list-scenarios';
import { deleteLever, updateLever } from './api/scenario-writes';
import { KpiFigures } from './components/kpi-cards';
import { LeverCard, type LeverActions } from './components/lever-card';
import { openLeverDialog } from './components/lever-dialog';
import { leverSummary } from './components/lever-summary';
import { promoteWithConflicts } from './components/promote';
import { openScenarioDialog } from './components/scenario-dialog';
import { scenarioTexts as texts } from './components/scenario-texts';
import { useLeverNames } from './components/use-lever-names';
import { compareLink, forecastLink } from './scenario-links';

export const handle = { title: texts.title } satisfies RouteHandle;

/**
 * One scenario (docs/scenarios.md "The web"): its key figures against the base, its levers as cards
 * with their sentences, in order; editors add (one form per lever type), change, reorder and delete
 * levers; admins and owners promote it into the base.
 */
export function Component() {
  const params = useParams();
  // The route's loader has checked that the id is a positive integer.
  const id = Number(params.id);
  const user = useSignedInUser();
  const canEdit = useCanEditCurrentOrganisation(user.currentOrganisationId);
  const role = useCurrentOrganisation(user.currentOrganisationId)?.role;
  const canPromote = role !== undefined && hasRole(role, 'admin');
  const navigate = useNavigate();
  const scenario = useQuery(scenarioQuery(id));
  // The contract answers a lever's content as a record; `Lever` is its typed reading (packages/shared scenarios.ts).
  const names = useLeverNames((scenario.data?.levers ?? []) as Lever[]);
  const [months] = usePreference('forecastMonths');
  const [performance] = usePreference('forecastPerformance');
  const compared = useQuery(compareQuery({ ids: `base,${id}`, months, performance }, scenario.isSuccess));
  const serverTime = useServerTime();
  // New levers start on the first of next month (the server's today).
  const firstDay = `${addMonthsToMonth((serverTime.data?.date ?? new Date().toISOString()).slice(0, 7), 1)}-01`;

  if (scenario.isError) {
    const missing = scenario.error instanceof ApiError && scenario.error.status === 404;
    return (
      <Stack gap="lg">
        <Title order={1}>{texts.title}</Title>
        <Alert color="red" variant="outline" role="alert" title={missing ? texts.notFound : texts.scenarioLoadFailed}>
          <Anchor component={Link} to={pathTo('scenarios')}>
            {texts.backToList}
          </Anchor>
        </Alert>
      </Stack>
    );
  }
  if (scenario.isPending) {
    return (
      <Stack gap="lg" aria-busy>
        <Skeleton h={40} w={300} />
        <Skeleton h={200} radius="md" />
      </Stack>
    );
  }
  const data = scenario.data;
  const base = compared.data?.entries.find((entry) => entry.scenarioId === null);
  const own = compared.data?.entries.find((entry) => entry.scenarioId === id);
  // The contract answers a lever's content as a record; `Lever` is its typed reading (packages/shared scenarios.ts).
  const levers = data.levers as Lever[];
  const dialogBase = { scenarioId: id, currencyId: user.currency.id, firstDay };
  const actions: LeverActions | undefined = canEdit
    ? {
        edit: (lever: Lever) => void openLeverDialog({ mode: 'edit', lever, ...dialogBase }),
        remove: (lever: Lever) =>
          void runConfirmed(
            { header: texts.leverDelete, message: texts.leverDeleteQuestion },
            () => deleteLever(id, lever.id),
            { summary: 'Erfolg', detail: texts.leverDeleted },
          ),
        move: (lever: Lever, position: number) =>
          void runReported(() => updateLever(id, lever.id, { position }), {
            summary: 'Erfolg',
            detail: texts.leverMoved,
          }),
      }
    : undefined;

  return (
    <Stack gap="lg">
      <Anchor component={Link} to={pathTo('scenarios')} size="sm">
        <Group gap={4}>
          <IconArrowLeft size={16} aria-hidden />
          {texts.backToList}
        </Group>
      </Anchor>
      <Group justify="space-between" align="flex-start">
        <div>
          <Group gap="sm">
            <span
              aria-hidden
              style={{ width: 16, height: 16, borderRadius: 4, background: data.color, display: 'inline-block' }}
            />
            <Title order={1}>{data.name}</Title>
          </Group>
          {data.description ? <Text c="dimmed">{data.description}</Text> : null}
          {data.createdBy ? (
            <Text size="xs" c="dimmed">
              {texts.createdBy(data.createdBy.name)}
            </Text>
          ) : null}
        </div>
        <Group gap="xs">
          <Button
            component={Link}
            to={compareLink([id])}
            variant="light"
            leftSection={<IconArrowsDiff size={18} aria-hidden />}
          >
            {texts.compare}
          </Button>
          <Button
            component={Link}
            to={forecastLink(id)}
            variant="default"
            leftSection={<IconChartLine size={18} aria-hidden />}
          >
            {texts.forecast}
          </Button>
          {canEdit ? (
            <Button
              variant="default"
              leftSection={<IconPencil size={18} aria-hidden />}
              onClick={() =>
                void openScenarioDialog(data).then((saved) => {
                  if (saved === null) void navigate(pathTo('scenarios'));
                })
              }
            >
              {texts.editTitle}
            </Button>
          ) : null}
          {canPromote && levers.length > 0 ? (
            <Button
              color="teal"
              leftSection={<IconUpload size={18} aria-hidden />}
              onClick={() =>
                void promoteWithConflicts(id).then((promoted) => {
                  if (promoted) void scenario.refetch();
                })
              }
            >
              {texts.promote}
            </Button>
          ) : null}
        </Group>
      </Group>
      {own && base && compared.data ? (
        <Paper withBorder radius="md" p="md" component="section" aria-label={texts.kpisOf(data.name)}>
          <KpiFigures entry={own} base={base} currency={compared.data.currency} />
        </Paper>
      ) : compared.isPending ? (
        <Skeleton h={64} radius="md" />
      ) : null}
      <Stack gap="sm" component="section" aria-labelledby="levers-title">
        <Group justify="space-between">
          <Title order={2} fz="h3" id="levers-title">
            {texts.levers}
          </Title>
          {canEdit ? (
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <Button
                  leftSection={<IconPlus size={18} aria-hidden />}
                  rightSection={<IconChevronDown size={16} aria-hidden />}
                >
                  {texts.addLever}
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                {leverTypes.map((type) => (
                  <Menu.Item key={type} onClick={() => void openLeverDialog({ mode: 'create', type, ...dialogBase })}>
                    {leverTypeLabels[type]}
                  </Menu.Item>
                ))}
              </Menu.Dropdown>
            </Menu>
          ) : null}
        </Group>
        {levers.length === 0 ? (
          <Text c="dimmed">{texts.noLevers}</Text>
        ) : (
          <Stack component="ol" aria-label={texts.levers} gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
            {levers.map((lever, index) => (
              <LeverCard
                key={lever.id}
                lever={lever}
                summary={leverSummary(lever.lever, names)}
                last={index === levers.length - 1}
                actions={actions}
              />
            ))}
          </Stack>
        )}
      </Stack>
    </Stack>
  );
}
