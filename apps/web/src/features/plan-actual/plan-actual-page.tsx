import { useMemo, useState } from 'react';
import { Alert, Anchor, Button, Group, Select, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconCalendarOff, IconInfoCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { formatMonthLabel, monthOf, SELECT, zurichDateOf, type PlanActual } from '@saldopilot/shared';
import { pathTo } from '../../config/routes';
import { FreshnessNote } from '../../components/feedback/freshness-note';
import { ForecastTabs } from '../../components/navigation/forecast-tabs';
import { overdueTexts } from '../../components/overdue/overdue-texts';
import type { RouteHandle } from '../../lib/document-title';
import { useBalanceFreshness } from '../../reference-data/balance-freshness';
import { usePlanAccuracy } from '../../reference-data/plan-accuracy';
import { AccuracySection } from './components/accuracy-section';
import { useCanEditCurrentOrganisation } from '../../reference-data/organisations';
import { useSignedInUser } from '../../reference-data/profile';
import { useServerTime } from '../../reference-data/server-time';
import { planActualQuery } from './api/get-plan-actual';
import PlanActualChart from './components/plan-actual-chart';
import { PlanActualTable } from './components/plan-actual-table';
import { planActualTexts as texts } from './components/plan-actual-texts';
import { balanceSeries, choosePeriod, periodMonths, tableRows, type Period } from './plan-actual-model';

export const handle = { title: texts.title } satisfies RouteHandle;

/** The drill-down comes with the first click: the page's chunk stays as small as it can. */
async function openMonth(month: string, currency: string, canEdit: boolean) {
  const { openMonthDetailDialog } = await import('./components/month-detail-dialog');
  await openMonthDetailDialog(month, currency, canEdit);
}

/** "Überfällige als entfällt markieren…" (docs/web.md "Plan/Ist"): the dialog comes with the first click. */
async function openBulkDismiss(today: string, currency: string) {
  const { openBulkDismissDialog } = await import('../../components/overdue/bulk-dismiss-dialog');
  const { planActualDismissals } = await import('./api/occurrence-dismissals');
  await openBulkDismissDialog(today, currency, planActualDismissals);
}

function PeriodControls({
  period,
  currentMonth,
  onChange,
}: {
  period: Period | undefined;
  currentMonth: string | undefined;
  onChange: (end: keyof Period, month: string) => void;
}) {
  const options = useMemo(
    () =>
      currentMonth ? periodMonths(currentMonth).map((month) => ({ value: month, label: formatMonthLabel(month) })) : [],
    [currentMonth],
  );
  const select = (end: keyof Period, label: string) => (
    <Select
      label={label}
      data={options}
      value={period?.[end] ?? null}
      onChange={(month) => month && onChange(end, month)}
      allowDeselect={false}
      disabled={!period || options.length === 0}
      maxDropdownHeight={SELECT.dropdownMaxHeight}
      w="12rem"
    />
  );
  return (
    <Group gap="sm" align="flex-end" role="group" aria-label={texts.period}>
      {select('from', texts.from)}
      {select('to', texts.to)}
    </Group>
  );
}

function PlanActualContent({
  data,
  canEdit,
  today,
}: {
  data: PlanActual;
  canEdit: boolean;
  today: string | undefined;
}) {
  const rows = useMemo(() => tableRows(data), [data]);
  const points = useMemo(() => balanceSeries(data), [data]);
  return (
    <>
      {data.coveredFrom === null ? (
        <Alert color="blue" variant="light" icon={<IconInfoCircle aria-hidden />}>
          {texts.noEntries}
        </Alert>
      ) : null}
      {data.unmatchedCount > 0 ? (
        <Alert color="blue" variant="light" icon={<IconInfoCircle aria-hidden />}>
          <Text size="sm" fw={700}>
            {texts.unmatched(data.unmatchedCount)}
          </Text>
          <Text size="sm">
            {texts.unmatchedHint}{' '}
            <Anchor component={Link} to={pathTo('bank-accounts')} size="sm">
              {texts.toBankAccounts}
            </Anchor>
          </Text>
        </Alert>
      ) : null}
      <PlanActualTable
        months={data.months}
        rows={rows}
        currency={data.currency}
        onOpenMonth={(month) => void openMonth(month, data.currency, canEdit)}
      />
      {canEdit && today && data.coveredFrom !== null ? (
        <Group>
          <Button
            variant="default"
            leftSection={<IconCalendarOff size={16} aria-hidden />}
            onClick={() => void openBulkDismiss(today, data.currency)}
          >
            {overdueTexts.bulkButton}
          </Button>
        </Group>
      ) : null}
      <Stack gap="xs" component="section" aria-labelledby="plan-actual-chart-title">
        <Title order={2} fz="h4" id="plan-actual-chart-title">
          {texts.chartTitle}
        </Title>
        <PlanActualChart points={points} currency={data.currency} />
      </Stack>
    </>
  );
}

/**
 * "Plan/Ist" (docs/web.md "Plan/Ist", docs/plan-actual.md): per month and category what was planned,
 * what happened on the bank accounts and the variance; the plan's accuracy first, the end balances
 * as a chart last. Without a chosen period the API's default: 12 months back to the current month.
 */
export function Component() {
  const [chosen, setChosen] = useState<Period | undefined>(undefined);
  const table = useQuery(planActualQuery(chosen ?? {}));
  const serverTime = useServerTime();
  const currentMonth = serverTime.data ? monthOf(zurichDateOf(new Date(serverTime.data.date))) : undefined;
  const period = chosen ?? (table.data ? { from: table.data.from, to: table.data.to } : undefined);
  const user = useSignedInUser();
  const canEdit = useCanEditCurrentOrganisation(user.currentOrganisationId);
  const today = serverTime.data ? zurichDateOf(new Date(serverTime.data.date)) : undefined;
  const freshness = useBalanceFreshness();
  const accuracy = usePlanAccuracy();

  return (
    <Stack gap="lg">
      <Title order={1}>{texts.title}</Title>
      <ForecastTabs />
      <Text size="sm" maw="48rem">
        {texts.intro}
      </Text>
      <FreshnessNote freshness={freshness.data} />
      <PeriodControls
        period={period}
        currentMonth={currentMonth}
        onChange={(end, month) => period && setChosen(choosePeriod(period, end, month))}
      />
      <AccuracySection accuracy={accuracy.data} error={accuracy.isError ? accuracy.error.message : undefined} />
      {table.isError ? (
        <Alert color="red" variant="light" role="alert" title={table.error.message} />
      ) : table.data ? (
        <Stack gap="lg" aria-busy={table.isFetching || undefined}>
          <PlanActualContent data={table.data} canEdit={canEdit} today={today} />
        </Stack>
      ) : (
        <Stack gap="lg" aria-busy>
          <Skeleton h={110} radius="md" />
          <Skeleton h={240} radius="md" />
        </Stack>
      )}
    </Stack>
  );
}
