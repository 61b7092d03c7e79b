import { SimpleGrid, TextInput } from '@mantine/core';
import { useWatch } from 'react-hook-form';
import { bankAccountCreateSchema, dateSchema, formatIban, type BankAccount } from '@saldopilot/shared';
import { AmountField } from '../../../components/form/amount-input';
import { CurrencyField } from '../../../components/form/currency-field';
import { DateField } from '../../../components/form/date-input';
import { EntityForm } from '../../../components/form/entity-dialog';
import { useEntityForm } from '../../../components/form/use-entity-form';
import { schemaResolver } from '../../../components/form/use-schema-form';
import { changeKinds } from '../../../lib/remote-changes';
import { openDialog, type DialogControls } from '../../../lib/dialog';
import { useCurrencies } from '../../../reference-data/currencies';
import { createBankAccount } from '../api/create-bank-account';
import { deleteBankAccount } from '../api/delete-bank-account';
import { updateBankAccount } from '../api/update-bank-account';
import { bankAccountTexts as texts } from './bank-account-texts';

export type BankAccountDialogRequest =
  { mode: 'create'; currencyId: number } | { mode: 'edit' | 'clone'; account: BankAccount };

// "Stand per" may stay empty: not known yet, the account's first statement sets balance and date
// (docs/bank-statements.md "Balances"); the form's empty field is null.
const resolver = schemaResolver(
  bankAccountCreateSchema.extend({
    balanceDate: dateSchema()
      .nullish()
      .transform((date) => date ?? null),
  }),
);

const titles = { create: texts.createTitle, edit: texts.editTitle, clone: texts.cloneTitle } as const;

/** The request the stored account stands for: the IBAN as the schema answers it (without spaces, or null). */
function storedValues(account: BankAccount) {
  return {
    name: account.name,
    amount: account.amount,
    currencyId: account.currency.id,
    balanceDate: account.balanceDate,
    iban: account.iban,
    accountNumber: account.accountNumber,
  };
}

/** The form's values: the IBAN typed in groups of four, empty for none. */
function formValues(account: BankAccount, mode: 'edit' | 'clone') {
  // A clone is another account: the IBAN belongs to the original (one account per IBAN, 409).
  return {
    ...storedValues(account),
    iban: mode === 'edit' && account.iban ? formatIban(account.iban) : '',
    accountNumber: mode === 'edit' ? (account.accountNumber ?? '') : '',
  };
}

function BankAccountForm({
  request,
  dialog,
}: {
  request: BankAccountDialogRequest;
  dialog: DialogControls<BankAccount | null>;
}) {
  const { mode } = request;
  const account = request.mode === 'create' ? undefined : request.account;
  const { data: currencies = [] } = useCurrencies();
  const entity = useEntityForm({
    dialog,
    mode,
    titles,
    resolver,
    defaultValues:
      request.mode === 'create'
        ? { name: '', currencyId: request.currencyId, iban: '', accountNumber: '' }
        : formValues(request.account, request.mode),
    stored: account && storedValues(account),
    live: account && { collection: changeKinds.bankAccounts, id: account.id },
    save: {
      create: createBankAccount,
      update: (changes) => updateBankAccount(account?.id ?? 0, changes),
    },
    saved: (saved, savedMode) => (savedMode === 'edit' ? texts.updated(saved.name) : texts.created(saved.name)),
    failed: { create: texts.createFailed, update: texts.updateFailed },
    remove: account && {
      label: texts.delete,
      question: texts.deleteQuestion,
      run: () => deleteBankAccount(account.id),
      deleted: texts.deleted(account.name),
      failed: texts.deleteFailed,
    },
  });
  const {
    register,
    control,
    getValues,
    setValue,
    formState: { errors, dirtyFields },
  } = entity.form;
  const currencyId = useWatch({ control, name: 'currencyId' });
  const currencyCode = currencies.find((currency) => currency.id === currencyId)?.code;
  // A new balance is dated today by the server unless the date was changed too (docs/api.md "Areas").
  const redated = mode === 'edit' && dirtyFields.amount && !dirtyFields.balanceDate;

  return (
    <EntityForm entity={entity}>
      <TextInput label={texts.name} required data-autofocus error={errors.name?.message} {...register('name')} />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing={4}>
        <CurrencyField control={control} name="currencyId" label={texts.currency} />
        <AmountField
          control={control}
          name="amount"
          label={texts.balance}
          required
          currency={currencyCode}
          invertible
          invertHint={texts.negativeHint}
        />
      </SimpleGrid>
      <DateField
        control={control}
        name="balanceDate"
        label={texts.balanceDate}
        description={redated ? texts.balanceDateToday : texts.balanceDateHint}
        w={{ base: '100%', xs: 'calc(50% - var(--mantine-spacing-md) / 2)' }}
      />
      <TextInput
        label={texts.iban}
        description={texts.ibanHint}
        autoComplete="off"
        spellCheck={false}
        error={errors.iban?.message}
        {...register('iban', {
          // Shown in groups of four (docs/bank-statements.md "IBAN"); the schema stores it without spaces.
          onBlur: () => setValue('iban', formatIban(getValues('iban') ?? ''), { shouldDirty: true }),
        })}
      />
      <TextInput
        label={texts.accountNumber}
        description={texts.accountNumberHint}
        autoComplete="off"
        spellCheck={false}
        error={errors.accountNumber?.message}
        {...register('accountNumber')}
      />
    </EntityForm>
  );
}

/**
 * The dialog "Neues Bankkonto anlegen" / "Bankkonto bearbeiten" / "Bankkonto klonen" (docs/web.md
 * "Bankkonten"); answers the saved account, null when it was deleted, undefined when it was left.
 */
export function openBankAccountDialog(request: BankAccountDialogRequest): Promise<BankAccount | null | undefined> {
  return openDialog<BankAccount | null>({
    header: titles[request.mode],
    content: (dialog) => <BankAccountForm request={request} dialog={dialog} />,
  });
}
