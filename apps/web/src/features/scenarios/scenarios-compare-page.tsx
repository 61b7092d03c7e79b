import '@mantine/core/styles/Tabs.css';
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/PillsInput.css';
import { useState } from 'react';
import { Alert, Anchor, Button, Group, MultiSelect, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconFileSpreadsheet, IconFileTypePdf } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { COMPARE_SCENARIOS_MAX } from '@saldopilot/shared';
import { pathTo } from '../../config/routes';
import { ApiError } from '../../lib/api-error';
import type { RouteHandle } from '../../lib/document-title';
import { usePreference } from '../../lib/preferences';
import { saveFile } from '../../lib/save-file';
import { showToast } from '../../lib/toast';
import { compareQuery, exportComparison } from './api/compare-scenarios';
import { scenariosQuery } from './api/list-scenarios';
import CompareChart from './components/compare-chart';
import { DifferenceTable } from './components/difference-table';
import { KpiCards } from './components/kpi-cards';
import { scenarioTexts as texts } from './components/scenario-texts';

export const handle = { title: texts.compareTitle } satisfies RouteHandle;

/** The scenario ids of `?ids=base,3,7` (the base is always shown), at most four, each once. */
export function scenarioIdsOf(ids: string | null): number[] {
  const chosen = (ids ?? '')
    .split(',')
    .filter((part) => /^[1-9][0-9]{0,9}$/.test(part))
    .map(Number);
  return [...new Set(chosen)].slice(0, COMPARE_SCENARIOS_MAX);
}

/**
 * "Szenarien vergleichen" (docs/scenarios.md "The web"): the base and up to four scenarios as lines in
 * one chart with the minimum balance, their key figures, and per scenario the difference table (rows a
 * lever left unchanged are hidden); the comparison as the bank's PDF or as Excel.
 */
export function Component() {
  const [params, setParams] = useSearchParams();
  const chosen = scenarioIdsOf(params.get('ids'));
  const [months] = usePreference('forecastMonths');
  const [performance] = usePreference('forecastPerformance');
  const scenarios = useQuery(scenariosQuery());
  const query = { ids: ['base', ...chosen].join(','), months, performance };
  const compared = useQuery(compareQuery(query));
  const [exporting, setExporting] = useState<'pdf' | 'xlsx' | undefined>(undefined);

  const choose = (ids: string[]) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('ids', ['base', ...ids.slice(0, COMPARE_SCENARIOS_MAX)].join(','));
        return next;
      },
      { replace: true },
    );
  const exportAs = async (format: 'pdf' | 'xlsx') => {
    setExporting(format);
    try {
      saveFile(await exportComparison(format, query), `Szenarien.${format}`);
    } catch (error) {
      showToast({
        severity: 'error',
        summary: 'Fehler',
        detail: error instanceof ApiError ? (error.detail ?? error.message) : texts.exportFailed,
      });
    } finally {
      setExporting(undefined);
    }
  };

  const data = compared.data;
  const base = data?.entries.find((entry) => entry.scenarioId === null);
  const others = data?.entries.filter((entry) => entry.scenarioId !== null) ?? [];

  return (
    <Stack gap="lg">
      <Anchor component={Link} to={pathTo('scenarios')} size="sm">
        <Group gap={4}>
          <IconArrowLeft size={16} aria-hidden />
          {texts.backToList}
        </Group>
      </Anchor>
      <Title order={1}>{texts.compareTitle}</Title>
      <Group justify="space-between" align="flex-end">
        <MultiSelect
          label={texts.chooseScenarios}
          description={texts.compareLimit(COMPARE_SCENARIOS_MAX)}
          data={(scenarios.data ?? []).map((scenario) => ({ value: String(scenario.id), label: scenario.name }))}
          value={chosen.map(String)}
          onChange={choose}
          maxValues={COMPARE_SCENARIOS_MAX}
          searchable
          clearable
          miw={320}
        />
        <Group gap="xs">
          <Button
            variant="default"
            leftSection={<IconFileTypePdf size={16} aria-hidden />}
            loading={exporting === 'pdf'}
            disabled={!data}
            onClick={() => void exportAs('pdf')}
          >
            {texts.exportPdf}
          </Button>
          <Button
            variant="default"
            leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
            loading={exporting === 'xlsx'}
            disabled={!data}
            onClick={() => void exportAs('xlsx')}
          >
            {texts.exportXlsx}
          </Button>
        </Group>
      </Group>
      {compared.isError ? (
        <Alert color="red" variant="light" role="alert" title={texts.compareFailed}>
          {compared.error instanceof ApiError ? compared.error.detail : null}
        </Alert>
      ) : !data || !base ? (
        <Skeleton h={320} radius="md" />
      ) : (
        <>
          <Stack gap="xs" component="section" aria-labelledby="compare-chart-title">
            <Title order={2} fz="h4" id="compare-chart-title">
              {texts.chartTitle}
            </Title>
            <CompareChart
              months={data.months}
              entries={data.entries}
              currency={data.currency}
              minimumBalance={data.minimumBalance}
            />
          </Stack>
          <KpiCards entries={data.entries} currency={data.currency} />
          {others.length > 0 ? (
            <Stack gap="xs" component="section" aria-labelledby="compare-differences-title">
              <Title order={2} fz="h4" id="compare-differences-title">
                {texts.differences}
              </Title>
              <Tabs defaultValue={String(others[0]!.scenarioId)} keepMounted={false}>
                <Tabs.List>
                  {others.map((entry) => (
                    <Tabs.Tab key={entry.scenarioId} value={String(entry.scenarioId)}>
                      {entry.name}
                    </Tabs.Tab>
                  ))}
                </Tabs.List>
                {others.map((entry) => (
                  <Tabs.Panel key={entry.scenarioId} value={String(entry.scenarioId)} pt="sm">
                    <DifferenceTable
                      entry={entry}
                      base={base}
                      leaves={data.leaves}
                      months={data.months}
                      currency={data.currency}
                    />
                  </Tabs.Panel>
                ))}
              </Tabs>
            </Stack>
          ) : (
            <Text c="dimmed">{texts.compareEmpty}</Text>
          )}
        </>
      )}
    </Stack>
  );
}
