import { Group, Stack, Text } from '@mantine/core';
import { formatIban, type BankAccount, type BankAccountSortField } from '@saldopilot/shared';
import type { ListColumn } from '../../../components/list/data-list';
import { formatDate } from '../../../lib/format';
import { BankAccountActions } from './bank-account-actions';
import { Balance } from './balance';
import { EntriesLink } from './entries-link';
import { bankAccountTexts as texts } from './bank-account-texts';

/** The table view: Name ⇅ (with IBAN, clone and edit for editors), Kontostand ⇅, Stand per, Buchungen. */
export function bankAccountColumns(
  organisationCurrency: string,
  canEdit: boolean,
): ListColumn<BankAccount, BankAccountSortField>[] {
  return [
    {
      key: 'name',
      header: texts.name,
      sortField: 'name',
      render: (account) => (
        <Group gap="xs" wrap="nowrap">
          <Stack gap={0}>
            <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
              {account.name}
            </Text>
            {account.iban ? (
              <Text size="xs" ff="monospace">
                {formatIban(account.iban)}
              </Text>
            ) : null}
          </Stack>
          {canEdit ? (
            <Group gap={4} wrap="nowrap" ml="auto">
              <BankAccountActions account={account} />
            </Group>
          ) : null}
        </Group>
      ),
    },
    {
      key: 'amount',
      header: texts.balance,
      sortField: 'amount',
      align: 'right',
      render: (account) => <Balance account={account} organisationCurrency={organisationCurrency} />,
    },
    {
      key: 'balanceDate',
      header: texts.balanceDate,
      align: 'right',
      render: (account) => (account.balanceDate ? formatDate(account.balanceDate) : texts.balanceDateUnknown),
    },
    {
      key: 'entries',
      header: texts.entries,
      render: (account) => <EntriesLink account={account} />,
    },
  ];
}
