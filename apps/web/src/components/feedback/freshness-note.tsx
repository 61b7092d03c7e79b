import { Alert, Text } from '@mantine/core';
import { IconClockExclamation } from '@tabler/icons-react';
import type { BankAccountFreshness } from '@saldopilot/shared';

export const freshnessTexts = {
  title: 'Saldo nicht aktuell',
  hint: (days: number) =>
    `Die Zahlen beginnen mit diesem Saldo, der älter als ${days} Tage ist: Kontoauszug importieren oder den Saldo beim Bankkonto nachführen.`,
} as const;

/**
 * The note on the Prognose and Plan/Ist (docs/plan-actual.md "Freshness"): the oldest balance
 * "Stand per" older than 10 days, "Saldo von Konto Post zuletzt per 20.06.2023"; nothing while
 * every balance is fresh. Printed too.
 */
export function FreshnessNote({
  freshness,
  className,
}: {
  freshness: BankAccountFreshness | undefined;
  className?: string;
}) {
  if (!freshness?.note) return null;
  return (
    <Alert
      className={className}
      color="orange"
      variant="light"
      icon={<IconClockExclamation aria-hidden />}
      title={freshness.note}
      data-testid="freshness-note"
    >
      <Text size="sm">{freshnessTexts.hint(freshness.staleAfterDays)}</Text>
    </Alert>
  );
}
