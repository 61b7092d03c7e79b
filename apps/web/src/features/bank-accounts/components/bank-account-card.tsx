import { Text } from '@mantine/core';
import { formatIban, type BankAccount } from '@saldopilot/shared';
import { ListCard } from '../../../components/list/list-card';
import { formatDate } from '../../../lib/format';
import { BankAccountActions } from './bank-account-actions';
import { Balance } from './balance';
import { EntriesLink } from './entries-link';
import { bankAccountTexts as texts } from './bank-account-texts';

/** A card of the grid view: name, clone and edit (editors), IBAN, "Kontostand", "Stand per", the entries. */
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
      {account.iban ? (
        <Text size="sm">
          {texts.iban}{' '}
          <Text span inherit ff="monospace">
            {formatIban(account.iban)}
          </Text>
        </Text>
      ) : null}
      <div>
        {texts.balance}: <Balance account={account} organisationCurrency={organisationCurrency} />
      </div>
      <Text size="sm" c="dimmed">
        {texts.balanceDate} {account.balanceDate ? formatDate(account.balanceDate) : texts.balanceDateUnknown}
      </Text>
      <EntriesLink account={account} />
    </ListCard>
  );
}
