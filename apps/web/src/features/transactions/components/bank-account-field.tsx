import { Select } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { useBankAccountChoices } from '../../../reference-data/bank-accounts';
import { Z_INDEX } from '@saldopilot/shared';
import { hinted } from './info-tip';
import { transactionTexts as texts } from './transaction-texts';
import type { TransactionControl } from './transaction-form-values';

/** The value of "Kein bestimmtes Konto" (a select's values are texts). */
const NONE = '';

/**
 * "Bankkonto": the account the transaction is paid from or into (docs/web.md "Transaktionen",
 * docs/plan-actual.md "Coverage"); "Kein bestimmtes Konto" names none.
 */
export function BankAccountField({ control, error }: { control: TransactionControl; error?: string | undefined }) {
  const { data: accounts = [] } = useBankAccountChoices();
  const data = [
    { value: NONE, label: texts.noBankAccount },
    ...accounts.map((account) => ({ value: String(account.id), label: account.name })),
  ];
  return (
    <Controller
      control={control}
      name="bankAccountId"
      render={({ field }) => (
        <Select
          {...hinted(texts.fields.bankAccount, texts.hints.bankAccount)}
          data={data}
          value={field.value === null ? NONE : String(field.value)}
          onChange={(value) => field.onChange(value ? Number(value) : null)}
          onBlur={field.onBlur}
          allowDeselect={false}
          comboboxProps={{ zIndex: Z_INDEX.modal + 10 }}
          error={error}
        />
      )}
    />
  );
}
