import { Text } from '@mantine/core';
import type { BankAccount } from '@saldopilot/shared';
import { ListCard } from '../../../components/list/list-card';
import { formatDate } from '../../../lib/format';
import { BankAccountActions } from './bank-account-actions';
import { Balance } from './balance';
import { bankAccountTexts as texts } from './bank-account-texts';

/** A card of the grid view: name, clone and edit (editors), "Kontostand", "Stand per". */
export function BankAccountCard({
  account,
  organisationCurrency,
  canEdit,
}: {
  account: BankAccount;
  organisationCurrency: string;
  canEdit: boolean;
}) {
  return (
    <ListCard title={account.name} actions={canEdit ? <BankAccountActions account={account} /> : null}>
      <div>
        {texts.balance}: <Balance account={account} organisationCurrency={organisationCurrency} />
      </div>
      <Text size="sm" c="dimmed">
        {texts.balanceDate} {formatDate(account.balanceDate)}
      </Text>
    </ListCard>
  );
}
