import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import type { BankAccount } from '@saldopilot/shared';
import { pathTo } from '../../../config/routes';
import { bankAccountTexts as texts } from './bank-account-texts';

/** "Buchungen": the link to the booked entries of an account (docs/web.md "Buchungen"). */
export function EntriesLink({ account }: { account: BankAccount }) {
  return (
    <Anchor
      component={Link}
      to={pathTo('bank-accounts-id-entries', { id: account.id })}
      size="sm"
      aria-label={texts.entriesOf(account.name)}
    >
      {texts.entries}
    </Anchor>
  );
}
