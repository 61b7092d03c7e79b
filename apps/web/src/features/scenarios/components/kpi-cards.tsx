import { Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { formatMonthLabel, type CompareEntry } from '@saldopilot/shared';
import { formatAmount, formatSignedAmount } from '../../../lib/format';
import { scenarioTexts as texts } from './scenario-texts';

/** A KPI's figure with its difference to the base below it (none for the base itself). */
function Figure({ label, value, delta }: { label: string; value: string; delta?: string | undefined }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600}>{value}</Text>
      {delta ? (
        <Text size="xs" c="dimmed">
          {delta} {texts.versusBase}
        </Text>
      ) : null}
    </div>
  );
}

function runwayText(entry: CompareEntry): string {
  return entry.kpis.runwayMonths === null ? texts.runwayAll : texts.runwayMonths(entry.kpis.runwayMonths);
}

/**
 * The key figures of one forecast (docs/scenarios.md "Szenarien vergleichen"): lowest end balance and its month,
 * first month below the minimum balance, runway, total cash flow; a scenario's beside the base's.
 */
export function KpiFigures({
  entry,
  base,
  currency,
}: {
  entry: CompareEntry;
  base?: CompareEntry | undefined;
  currency: string;
}) {
  const { kpis } = entry;
  const differs = base && entry !== base;
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
      <Figure
        label={texts.lowest}
        value={`${formatAmount(kpis.lowest.saldo, currency)} ${texts.lowestIn(formatMonthLabel(kpis.lowest.month))}`}
        delta={differs ? formatSignedAmount(kpis.lowest.saldo - base.kpis.lowest.saldo, currency) : undefined}
      />
      <Figure
        label={texts.firstBelow}
        value={kpis.firstBelowMinimum ? formatMonthLabel(kpis.firstBelowMinimum) : texts.none}
      />
      <Figure label={texts.runway} value={runwayText(entry)} />
      <Figure
        label={texts.totalCashflow}
        value={formatAmount(kpis.totalCashflow, currency)}
        delta={differs ? formatSignedAmount(kpis.totalCashflow - base.kpis.totalCashflow, currency) : undefined}
      />
    </SimpleGrid>
  );
}

/** One card per entry of a comparison, each named by its scenario and marked with its colour. */
export function KpiCards({ entries, currency }: { entries: CompareEntry[]; currency: string }) {
  const base = entries.find((entry) => entry.scenarioId === null);
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      {entries.map((entry) => (
        <Paper
          key={entry.scenarioId ?? 'base'}
          withBorder
          radius="md"
          p="md"
          component="section"
          aria-label={texts.kpisOf(entry.name)}
          style={{ borderLeft: `6px solid ${entry.color}` }}
        >
          <Stack gap="xs">
            <Group gap="xs">
              <Title order={3} fz="h5">
                {entry.name}
              </Title>
            </Group>
            <KpiFigures entry={entry} base={base} currency={currency} />
          </Stack>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
