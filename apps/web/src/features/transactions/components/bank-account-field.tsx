import { IdSelectField } from '../../../components/form/id-select-field';
import { useBankAccountChoices } from '../../../reference-data/bank-accounts';
import { hinted } from './info-tip';
import { transactionTexts as texts } from './transaction-texts';
import type { TransactionControl } from './transaction-form-values';

/**
 * "Bankkonto": the account the transaction is paid from or into (docs/web.md "Transaktionen",
 * docs/plan-actual.md "Coverage"); "Kein bestimmtes Konto" names none.
 */
export function BankAccountField({ control, error }: { control: TransactionControl; error?: string | undefined }) {
  const { data: accounts = [] } = useBankAccountChoices();
  return (
    <IdSelectField
      {...hinted(texts.fields.bankAccount, texts.hints.bankAccount)}
      control={control}
      name="bankAccountId"
      none={texts.noBankAccount}
      data={accounts.map((account) => ({ value: account.id, label: account.name }))}
      error={error}
    />
  );
}
