import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Slider.css';
import '@mantine/core/styles/List.css';
import { useMemo, useState } from 'react';
import { Alert, Skeleton, Stack, Title } from '@mantine/core';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { balanceBandOf, runwayOf, type ForecastExportFormat, type PlanAccuracy } from '@saldopilot/shared';
import { ForecastTabs } from '../../components/navigation/forecast-tabs';
import { ApiError } from '../../lib/api-error';
import type { RouteHandle } from '../../lib/document-title';
import { formatLocalDateTime, localMonth } from '../../lib/format';
import { usePreference } from '../../lib/preferences';
import { showToast } from '../../lib/toast';
import { useLeaveGuard } from '../../lib/unsaved-changes';
import { usePrinting } from '../../lib/use-printing';
import print from './forecast-print.module.css';
import { useCanEditCurrentOrganisation } from '../../reference-data/organisations';
import { useSignedInUser } from '../../reference-data/profile';
import { forecastDetailsQuery } from './api/get-forecast-details';
import { forecastKeys, forecastMessages, forecastQuery } from './api/get-forecast';
import { saveExclusions } from './api/save-exclusions';
import { ForecastEmptyState } from './components/empty-state';
import { ExclusionBar } from './components/exclusion-bar';
import ForecastChart from './components/forecast-chart';
import { ForecastTable } from './components/forecast-table';
import { forecastTexts as texts } from './components/forecast-texts';
import { ForecastToolbar } from './components/forecast-toolbar';
import { RunwayHeadline } from './components/runway-headline';
import { ScenarioSelect } from './components/scenario-select';
import { scenarioOf } from './forecast-scenario';
import { scenarioChoicesQuery } from './api/list-scenario-choices';
import { OverdueActions } from './components/overdue-actions';
import { FreshnessNote } from '../../components/feedback/freshness-note';
import { useBalanceFreshness } from '../../reference-data/balance-freshness';
import { usePlanAccuracy } from '../../reference-data/plan-accuracy';
import { exportForecast } from './api/export-forecast';
import { saveFile } from '../../lib/save-file';
import { previewDrafts, toggleDraft, type Drafts, type ShownLeaf } from './forecast-drafts';
import { detailsExpand } from './forecast-expand';

export const handle = { title: texts.title } satisfies RouteHandle;

/** Months per printed page (docs/web.md "Print view"). */
const PRINT_MONTHS = 6;

function chunksOf<Item>(items: readonly Item[], size: number): Item[][] {
  const chunks: Item[][] = [];
  for (let start = 0; start < items.length; start += size) chunks.push(items.slice(start, start + size));
  return chunks;
}

const noDrafts: Drafts = new Map();
const noDraftCategories: ReadonlySet<string> = new Set();

function messageOf(error: unknown, fallback: string): string {
  return error instanceof ApiError ? error.message : fallback;
}

/** The band's half-width per month of the forecast, while the accuracy says it may be shown. */
function bandOf(accuracy: PlanAccuracy | undefined, months: number): number[] | undefined {
  if (!accuracy?.band) return undefined;
  return Array.from({ length: months }, (_, index) => balanceBandOf(accuracy.horizons, index) ?? 0);
}

/**
 * "Prognose" (docs/web.md "Prognose"): the runway first, then the controls, the table and the
 * chart.
 */
export function Component() {
  const user = useSignedInUser();
  // The scenario shown lives in the address (docs/scenarios.md "The web"). Exclusions and "Entfällt"
  // change the base, so they are offered on the base only.
  const [search, setSearch] = useSearchParams();
  const scenario = scenarioOf(search);
  const canEdit = useCanEditCurrentOrganisation(user.currentOrganisationId) && scenario === undefined;
  const scenarios = useQuery(scenarioChoicesQuery());
  const scenarioName = scenarios.data?.find((entry) => entry.id === scenario)?.name;
  const chooseScenario = (next: number | undefined) =>
    setSearch(
      (current) => {
        const params = new URLSearchParams(current);
        if (next === undefined) params.delete('scenario');
        else params.set('scenario', String(next));
        return params;
      },
      { replace: true },
    );
  const queryClient = useQueryClient();
  const [months, setMonths] = usePreference('forecastMonths');
  const [performance, setPerformance] = usePreference('forecastPerformance');
  const [revenueExpanded, setRevenueExpanded] = usePreference('forecastRevenueDetails');
  const [expenseExpanded, setExpenseExpanded] = usePreference('forecastExpenseDetails');
  const [childDetails, setChildDetails] = usePreference('forecastChildDetails');
  const [drafts, setDrafts] = useState<Drafts>(noDrafts);
  // The categories of the leaves toggled since the last save or discard (see detailsExpand).
  const [draftCategories, setDraftCategories] = useState<ReadonlySet<string>>(noDraftCategories);
  const [saving, setSaving] = useState(false);
  const [exporting, setExporting] = useState<ForecastExportFormat | undefined>(undefined);
  const printing = usePrinting();
  const freshness = useBalanceFreshness();
  const accuracy = usePlanAccuracy();

  const query = { months, performance, scenario };
  // The route's loader (forecast-loader.ts) started this request as the page was entered; fetching
  // it again on mount repeated it on every visit and redrew the page when the copy landed.
  const forecast = useQuery({ ...forecastQuery(query), refetchOnMount: false });
  const needsDetails = revenueExpanded || expenseExpanded || drafts.size > 0;
  const expand = detailsExpand(childDetails, { revenue: revenueExpanded, expense: expenseExpanded }, draftCategories);
  const details = useQuery(forecastDetailsQuery({ ...query, expand }, needsDetails));
  const expandedCategories = useMemo(() => new Set(childDetails), [childDetails]);
  const preview = useMemo(
    () => (forecast.data ? previewDrafts(forecast.data.months, details.data, drafts) : undefined),
    [forecast.data, details.data, drafts],
  );
  // The band of the base (docs/plan-actual.md "Accuracy per horizon"): month i after the current one
  // carries the error measured i months ahead; a scenario's figures were never measured.
  const band = scenario === undefined ? bandOf(accuracy.data, preview?.months.length ?? 0) : undefined;
  useLeaveGuard(drafts.size > 0);

  if (forecast.isPending) {
    return (
      <Stack gap="lg" aria-busy>
        <Title order={1}>{texts.title}</Title>
        <ForecastTabs />
        <Skeleton h={96} radius="md" />
        <Skeleton h={64} radius="md" />
        <Skeleton h={200} radius="md" />
      </Stack>
    );
  }
  if (forecast.isError || !preview) {
    return (
      <Stack gap="lg">
        <Title order={1}>{texts.title}</Title>
        <ForecastTabs />
        <ScenarioSelect scenario={scenario} onChange={chooseScenario} />
        <Alert color="red" variant="light" role="alert" title={forecastMessages.loadFailed}>
          {scenario !== undefined && forecast.error instanceof ApiError && forecast.error.status === 404
            ? texts.scenarioMissing
            : forecast.error instanceof ApiError && forecast.error.message !== forecastMessages.loadFailed
              ? forecast.error.message
              : null}
        </Alert>
      </Stack>
    );
  }

  const data = forecast.data;
  // While drafts are pending the headline follows the figures the table and chart show.
  const runway =
    drafts.size > 0 && preview.months.length > 0 ? runwayOf(preview.months, data.runway.minimumBalance) : data.runway;
  const isEmpty = data.startBalance === 0 && data.months.every((month) => month.revenue === 0 && month.expense === 0);
  const firstMonth = data.months[0]?.month;
  const browserMonth = localMonth();
  const showTimeZoneHint = firstMonth !== undefined && browserMonth < firstMonth;
  const detailsMessage = details.isError
    ? messageOf(details.error, forecastMessages.detailsFailed)
    : details.data === undefined
      ? texts.detailsLoading
      : undefined;

  const clearDrafts = () => {
    setDrafts(noDrafts);
    setDraftCategories(noDraftCategories);
  };
  const save = async () => {
    setSaving(true);
    try {
      await saveExclusions([...drafts.values()]);
      clearDrafts();
      showToast({ severity: 'success', summary: texts.saved, detail: texts.savedDetail, life: 'medium' });
    } catch (error) {
      showToast({ severity: 'error', summary: 'Fehler', detail: messageOf(error, forecastMessages.saveFailed) });
    } finally {
      setSaving(false);
    }
  };
  const exportAs = async (format: ForecastExportFormat) => {
    setExporting(format);
    try {
      saveFile(await exportForecast(format, query), `Prognose.${format}`);
    } catch (error) {
      showToast({ severity: 'error', summary: 'Fehler', detail: messageOf(error, texts.exportFailed) });
    } finally {
      setExporting(undefined);
    }
  };
  const discard = () => {
    clearDrafts();
    showToast({ severity: 'info', summary: texts.discarded, detail: texts.discardedDetail, life: 'short' });
  };

  // The one table's settings; the print view shows the same table in blocks of six months.
  const tableProps = {
    minimumBalance: data.runway.minimumBalance,
    details: preview.details,
    detailsMessage,
    currency: data.currency,
    revenueExpanded,
    expenseExpanded,
    onToggleRevenue: () => setRevenueExpanded(!revenueExpanded),
    onToggleExpense: () => setExpenseExpanded(!expenseExpanded),
    expandedCategories,
    onToggleCategory: (key: string) =>
      setChildDetails(
        expandedCategories.has(key)
          ? childDetails.filter((entry) => entry !== key)
          : [...childDetails, key].slice(-500),
      ),
    onToggleLeaf: (month: string, leaf: ShownLeaf, category: string) => {
      setDrafts((current) => toggleDraft(current, month, leaf));
      setDraftCategories((current) => new Set(current).add(category));
    },
  };

  return (
    <Stack gap="lg" pb={drafts.size > 0 ? 96 : undefined}>
      <Title className={print.first} order={1}>
        {texts.title}
      </Title>
      <ForecastTabs className={print.screenOnly} />
      {data.missingRates.length > 0 ? (
        <Alert
          className={print.first}
          color="orange"
          variant="light"
          role="alert"
          icon={<IconAlertTriangle aria-hidden />}
          title={texts.missingRatesTitle}
        >
          {texts.missingRates(data.missingRates)}
        </Alert>
      ) : null}
      <ScenarioSelect className={print.screenOnly} scenario={scenario} onChange={chooseScenario} />
      {scenario !== undefined ? (
        <Alert className={print.first} color="violet" variant="light" icon={<IconInfoCircle aria-hidden />}>
          {scenarioName ? texts.scenarioShown(scenarioName) : scenarios.isSuccess ? texts.scenarioMissing : null}
        </Alert>
      ) : null}
      <FreshnessNote className={print.first} freshness={freshness.data} />
      <div className={print.first}>
        {isEmpty ? (
          <ForecastEmptyState />
        ) : (
          <RunwayHeadline
            runway={runway}
            months={preview.months}
            currency={data.currency}
            startBalance={data.startBalance}
          />
        )}
      </div>
      <ForecastToolbar
        className={print.screenOnly}
        onPrint={() => window.print()}
        months={months}
        performance={performance}
        onMonthsChange={setMonths}
        onPerformanceChange={setPerformance}
        onRecalculate={() => void queryClient.invalidateQueries({ queryKey: forecastKeys.all })}
        onExport={(format) => void exportAs(format)}
        exporting={exporting}
        // A file holds the saved figures: pending drafts are saved or discarded first.
        exportBlocked={drafts.size > 0}
        recalculating={forecast.isFetching}
        calculatedAt={formatLocalDateTime(data.calculatedAt)}
      />
      {showTimeZoneHint ? (
        <Alert className={print.screenOnly} color="blue" variant="light" icon={<IconInfoCircle aria-hidden />}>
          {texts.timeZoneHint(browserMonth)}
        </Alert>
      ) : null}
      {canEdit ? <OverdueActions className={print.screenOnly} currency={data.currency} /> : null}
      <div className={print.screenOnly}>
        <ForecastTable {...tableProps} months={preview.months} canEdit={canEdit} />
      </div>
      {printing ? (
        // The print view (docs/web.md "Print view"): blocks of six months, each with the row labels.
        <div className={print.printOnly}>
          {chunksOf(preview.months, PRINT_MONTHS).map((block) => (
            <div key={block[0]?.month} className={print.block}>
              <ForecastTable {...tableProps} months={block} canEdit={false} />
            </div>
          ))}
        </div>
      ) : null}
      <Stack className={print.second} gap="xs" component="section" aria-labelledby="forecast-chart-title">
        <Title order={2} fz="h4" id="forecast-chart-title">
          {texts.chartTitle}
        </Title>
        <ForecastChart
          months={preview.months}
          currency={data.currency}
          minimumBalance={data.runway.minimumBalance}
          band={band}
        />
      </Stack>
      {drafts.size > 0 && !printing ? (
        <ExclusionBar count={drafts.size} saving={saving} onSave={() => void save()} onDiscard={discard} />
      ) : null}
    </Stack>
  );
}
