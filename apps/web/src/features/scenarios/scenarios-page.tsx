import { useState } from 'react';
import { Alert, Badge, Button, Checkbox, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowsDiff, IconGitBranch, IconPencil } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { COMPARE_SCENARIOS_MAX, type Scenario } from '@saldopilot/shared';
import { FirstUse } from '../../components/feedback/first-use';
import { pathTo } from '../../config/routes';
import { ApiError } from '../../lib/api-error';
import type { RouteHandle } from '../../lib/document-title';
import { useCanEditCurrentOrganisation } from '../../reference-data/organisations';
import { useSignedInUser } from '../../reference-data/profile';
import { scenariosQuery } from './api/list-scenarios';
import { KpiFigures } from './components/kpi-cards';
import { openScenarioDialog, SCENARIO_SWATCHES } from './components/scenario-dialog';
import { scenarioTexts as texts } from './components/scenario-texts';
import { compareLink, forecastLink } from './scenario-links';
import { useScenarioKpis } from './components/use-scenario-kpis';

export const handle = { title: texts.title } satisfies RouteHandle;

/**
 * "Szenarien" (docs/scenarios.md "The web"): the base and every scenario with its key figures
 * against the base; editors create, edit and delete; up to four are chosen for the comparison.
 */
export function Component() {
  const user = useSignedInUser();
  const canEdit = useCanEditCurrentOrganisation(user.currentOrganisationId);
  const scenarios = useQuery(scenariosQuery());
  const kpis = useScenarioKpis(scenarios.data);
  const [chosen, setChosen] = useState<number[]>([]);
  const base = kpis.entry('base');

  const nextColor = SCENARIO_SWATCHES[(scenarios.data?.length ?? 0) % SCENARIO_SWATCHES.length];
  const addButton = canEdit ? (
    <Button
      leftSection={<IconGitBranch size={18} aria-hidden />}
      onClick={() => void openScenarioDialog(undefined, nextColor)}
    >
      {texts.add}
    </Button>
  ) : null;
  const toggle = (id: number) =>
    setChosen((current) => (current.includes(id) ? current.filter((entry) => entry !== id) : [...current, id]));

  const card = (scenario: Scenario) => {
    const entry = kpis.entry(scenario.id);
    const isChosen = chosen.includes(scenario.id);
    return (
      <Paper
        key={scenario.id}
        component="li"
        withBorder
        radius="md"
        p="md"
        aria-labelledby={`scenario-${scenario.id}`}
        style={{ borderLeft: `6px solid ${scenario.color}` }}
      >
        <Stack gap="sm">
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <div>
              <Title order={2} fz="h4" id={`scenario-${scenario.id}`}>
                {scenario.name}
              </Title>
              {scenario.description ? (
                <Text size="sm" c="dimmed" lineClamp={2}>
                  {scenario.description}
                </Text>
              ) : null}
            </div>
            <Badge variant="light" color="gray">
              {texts.leverCount(scenario.leverCount)}
            </Badge>
          </Group>
          {entry ? (
            <KpiFigures entry={entry} base={base} currency={kpis.currency} />
          ) : kpis.loading ? (
            <Skeleton h={48} />
          ) : null}
          <Group gap="xs">
            <Button component={Link} to={pathTo('scenarios-id', { id: scenario.id })} size="xs" variant="light">
              {canEdit ? texts.editLevers : texts.open}
            </Button>
            <Button component={Link} to={forecastLink(scenario.id)} size="xs" variant="default">
              {texts.forecast}
            </Button>
            {canEdit ? (
              <Button
                size="xs"
                variant="subtle"
                leftSection={<IconPencil size={14} aria-hidden />}
                aria-label={`${texts.editTitle}: ${scenario.name}`}
                onClick={() => void openScenarioDialog(scenario)}
              >
                {texts.edit}
              </Button>
            ) : null}
            <Checkbox
              ml="auto"
              label={texts.compareChoose}
              checked={isChosen}
              disabled={!isChosen && chosen.length >= COMPARE_SCENARIOS_MAX}
              onChange={() => toggle(scenario.id)}
            />
          </Group>
        </Stack>
      </Paper>
    );
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={1}>{texts.title}</Title>
        <Group gap="sm">
          {(scenarios.data?.length ?? 0) > 0 ? (
            <Button
              component={Link}
              to={compareLink(
                chosen.length > 0 ? chosen : (scenarios.data ?? []).slice(0, COMPARE_SCENARIOS_MAX).map((s) => s.id),
              )}
              variant="light"
              leftSection={<IconArrowsDiff size={18} aria-hidden />}
            >
              {chosen.length > 0 ? texts.compareSelected(chosen.length) : texts.compare}
            </Button>
          ) : null}
          {addButton}
        </Group>
      </Group>
      {chosen.length >= COMPARE_SCENARIOS_MAX ? (
        <Text size="sm" c="dimmed">
          {texts.compareLimit(COMPARE_SCENARIOS_MAX)}
        </Text>
      ) : null}
      {scenarios.isError ? (
        <Alert color="red" variant="light" role="alert" title={texts.loadFailed}>
          {scenarios.error instanceof ApiError ? scenarios.error.detail : null}
        </Alert>
      ) : scenarios.isPending ? (
        <Skeleton h={160} radius="md" />
      ) : scenarios.data.length === 0 ? (
        <FirstUse
          title={canEdit ? texts.emptyTitle : texts.emptyReadOnly}
          text={canEdit ? texts.emptyHint : undefined}
          icon={<IconGitBranch size={40} stroke={1.5} aria-hidden />}
        >
          {addButton}
        </FirstUse>
      ) : (
        <>
          {base ? (
            <Paper
              withBorder
              radius="md"
              p="md"
              component="section"
              aria-label={texts.base}
              style={{ borderLeft: `6px solid ${base.color}` }}
            >
              <Stack gap="sm">
                <Title order={2} fz="h4">
                  {texts.base}
                </Title>
                <KpiFigures entry={base} currency={kpis.currency} />
              </Stack>
            </Paper>
          ) : null}
          <SimpleGrid
            component="ul"
            aria-label={texts.title}
            cols={{ base: 1, lg: 2 }}
            spacing="md"
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
          >
            {scenarios.data.map(card)}
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}
