import { Alert, Group, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { BankAccountList } from '@saldopilot/shared';
import { Amount } from '../../../components/money/amount';
import { bankAccountTexts as texts } from './bank-account-texts';

/**
 * "Total Bankguthaben (umgerechnet): {total} {ORG CUR}" (docs/web.md "Bankkonten") from the
 * server's total over every account, whatever page or search is shown, with the currencies it had to
 * count 1:1. "umgerechnet" says what the reference's "~" only hinted at: other currencies are converted.
 */
export function TotalLine({ total }: { total: BankAccountList['total'] }) {
  return (
    <>
      <Group justify="flex-end">
        <Text fw={700} aria-live="polite">
          {texts.total} <Amount cents={total.amount} currency={total.currency} />
        </Text>
      </Group>
      {total.missingRates.length > 0 ? (
        <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />}>
          {texts.missingRates(total.missingRates)}
        </Alert>
      ) : null}
    </>
  );
}
