import { useState } from 'react';
import { Button, Group, NumberInput, Slider, Stack, Text } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconFileSpreadsheet, IconPrinter, IconRefresh } from '@tabler/icons-react';
import { FORECAST_LIMITS, forecastMessages as forecastRules, type ForecastExportFormat } from '@saldopilot/shared';
import { forecastTexts as texts } from './forecast-texts';

const exportLabels: Record<ForecastExportFormat, string> = {
  pdf: texts.exportPdf,
  xlsx: texts.exportXlsx,
  csv: texts.exportCsv,
};

/** Whether the text of the "Zeitraum" field is a number of months the forecast can show. */
function monthsOf(value: number | string): number | undefined {
  const count = typeof value === 'number' ? value : /^\d+$/.test(value.trim()) ? Number(value) : Number.NaN;
  return Number.isInteger(count) && count >= FORECAST_LIMITS.minMonths && count <= FORECAST_LIMITS.maxMonths
    ? count
    : undefined;
}

/**
 * "Zeitraum" (1–60 months, a stepper; the number of months shown is the number asked for, so 13
 * shows 13 columns) and the performance slider (0–200 %), both handed on after a short pause so
 * typing "24" or dragging does not load every value in between (docs/web.md "Prognose").
 */
export function ForecastToolbar({
  className,
  onPrint,
  months,
  performance,
  onMonthsChange,
  onPerformanceChange,
  onRecalculate,
  onExport,
  exporting,
  exportBlocked,
  recalculating,
  calculatedAt,
}: {
  className?: string;
  /** "Drucken": the browser's print dialog with the print view (docs/web.md "Print view"). */
  onPrint: () => void;
  months: number;
  performance: number;
  onMonthsChange: (months: number) => void;
  onPerformanceChange: (performance: number) => void;
  onRecalculate: () => void;
  onExport: (format: ForecastExportFormat) => void;
  /** The format being exported, while the file is made. */
  exporting: ForecastExportFormat | undefined;
  /** Unsaved exclusions: a file would not hold them, so exporting waits for save or discard. */
  exportBlocked: boolean;
  recalculating: boolean;
  calculatedAt: string;
}) {
  const [monthsText, setMonthsText] = useState<number | string>(months);
  const [percent, setPercent] = useState(performance);
  // A value set from outside (another tab's cookie, a reset) replaces what is shown.
  const [shown, setShown] = useState({ months, performance });
  if (shown.months !== months || shown.performance !== performance) {
    setShown({ months, performance });
    setMonthsText(months);
    setPercent(performance);
  }
  const commitMonths = useDebouncedCallback((value: number) => onMonthsChange(value), 400);
  const commitPerformance = useDebouncedCallback((value: number) => onPerformanceChange(value), 300);

  return (
    <Group className={className} justify="space-between" align="flex-end" gap="lg">
      <Group gap="xl" align="flex-end">
        <NumberInput
          label={texts.months}
          value={monthsText}
          onChange={(value) => {
            setMonthsText(value);
            const count = monthsOf(value);
            if (count !== undefined) commitMonths(count);
          }}
          // Text that is no period stays as typed with the rule beside it, instead of jumping back to
          // the old value without a word (docs/web.md "Prognose"); the table keeps the last valid one.
          error={
            String(monthsText).trim() !== '' && monthsOf(monthsText) === undefined ? forecastRules.months : undefined
          }
          // An emptied field shows the period in use again.
          onBlur={() => String(monthsText).trim() === '' && setMonthsText(months)}
          min={FORECAST_LIMITS.minMonths}
          max={FORECAST_LIMITS.maxMonths}
          step={1}
          clampBehavior="none"
          suffix={texts.monthsSuffix(monthsOf(monthsText) ?? months)}
          w={150}
        />
        <Stack gap={6} w={240}>
          <Text size="sm" fw={500} id="forecast-performance-label">
            {texts.performance(percent)}
          </Text>
          <Slider
            aria-labelledby="forecast-performance-label"
            thumbLabel={texts.performance(percent)}
            min={FORECAST_LIMITS.minPerformance}
            max={FORECAST_LIMITS.maxPerformance}
            step={1}
            value={percent}
            onChange={(value) => {
              setPercent(value);
              commitPerformance(value);
            }}
            label={(value) => `${value}%`}
            marks={[{ value: 100 }]}
          />
          <Text size="xs" c="dimmed">
            {texts.performanceHint}
          </Text>
        </Stack>
      </Group>
      <Stack gap={2} align="flex-end">
        <Group gap="xs">
          {(['pdf', 'xlsx', 'csv'] as const).map((format) => (
            <Button
              key={format}
              size="xs"
              variant="default"
              leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
              onClick={() => onExport(format)}
              loading={exporting === format}
              disabled={exportBlocked || (exporting !== undefined && exporting !== format)}
              title={exportBlocked ? texts.exportBlocked : undefined}
            >
              {exportLabels[format]}
            </Button>
          ))}
          <Button size="xs" variant="default" leftSection={<IconPrinter size={16} aria-hidden />} onClick={onPrint}>
            {texts.print}
          </Button>
          <Button
            size="xs"
            variant="light"
            leftSection={<IconRefresh size={16} aria-hidden />}
            onClick={onRecalculate}
            loading={recalculating}
          >
            {texts.recalculate}
          </Button>
        </Group>
        <Text size="xs" c="dimmed">
          {texts.calculatedAt(calculatedAt)}
        </Text>
      </Stack>
    </Group>
  );
}
