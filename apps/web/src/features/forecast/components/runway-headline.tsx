import { Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconShieldCheck } from '@tabler/icons-react';
import {
  formatMonthLabel,
  runwayHeadline,
  type ForecastMonthTotals,
  type ForecastRunwaySummary,
} from '@saldopilot/shared';
import { Amount } from '../../../components/money/amount';
import { SignedAmount } from '../../../components/money/signed-amount';
import { forecastTexts as texts } from './forecast-texts';

/**
 * The answer people open the page for (docs/forecast.md "Runway"): how long the money lasts above the
 * organisation's minimum balance, and the lowest end balance with its month. The figures are the
 * server's (`runway`), so every client says the same.
 */
export function RunwayHeadline({
  runway,
  months,
  currency,
  startBalance,
}: {
  runway: ForecastRunwaySummary;
  months: ForecastMonthTotals[];
  currency: string;
  /**
   * All bank accounts converted (docs/web.md "Prognose": the reference summed only the loaded
   * ones).
   */
  startBalance: number;
}) {
  const first = months[0]?.month;
  const covered = runway.coveredUntil === null;
  const headline = runwayHeadline(runway, first ?? runway.lowest.month);
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="runway-headline">
      <Group gap="md" wrap="nowrap" align="flex-start">
        <ThemeIcon size="xl" radius="xl" variant="light" color={covered ? 'teal' : 'red'} aria-hidden>
          {covered ? <IconShieldCheck size={26} /> : <IconAlertTriangle size={26} />}
        </ThemeIcon>
        <Stack gap={4} miw={0}>
          <Title order={2} fz="h3" id="runway-headline">
            {headline}
          </Title>
          <Group gap="lg" wrap="wrap">
            {/* Not covered means the lowest balance is below the minimum: red, even above 0. */}
            <Text size="sm">
              {texts.lowest}: <SignedAmount cents={runway.lowest.saldo} currency={currency} warning={!covered} />{' '}
              {texts.lowestIn(runway.lowest.month)}
            </Text>
            <Text size="sm">
              {texts.minimum}: <Amount cents={runway.minimumBalance} currency={currency} />
            </Text>
            <Text size="sm">
              {texts.startBalance}: <Amount cents={startBalance} currency={currency} />
            </Text>
          </Group>
          <Text size="xs" c="dimmed">
            {formatMonthLabel(first ?? runway.lowest.month)} –{' '}
            {formatMonthLabel(months[months.length - 1]?.month ?? runway.lowest.month)}
          </Text>
        </Stack>
      </Group>
    </Paper>
  );
}
