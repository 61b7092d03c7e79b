import type { BankAccount } from '@saldopilot/shared';
import { RowAction } from '../../../components/list/row-action';
import { openBankAccountDialog } from './bank-account-dialog';
import { bankAccountTexts as texts } from './bank-account-texts';

/** Clone and edit buttons of an account, named for screen readers. */
export function BankAccountActions({ account }: { account: BankAccount }) {
  return (
    <>
      <RowAction
        kind="clone"
        tooltip={texts.clone}
        label={texts.cloneOf(account.name)}
        onClick={() => void openBankAccountDialog({ mode: 'clone', account })}
      />
      <RowAction
        kind="edit"
        tooltip={texts.editTitle}
        label={texts.editOf(account.name)}
        onClick={() => void openBankAccountDialog({ mode: 'edit', account })}
      />
    </>
  );
}
