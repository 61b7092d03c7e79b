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

// Editing keeps a date ("Stand per" of the stored balance); creating or cloning may leave it empty
// (null in the form) for the server's today.
const editResolver = schemaResolver(bankAccountCreateSchema.extend({ balanceDate: dateSchema() }));
const createResolver = schemaResolver(
  bankAccountCreateSchema.extend({
    balanceDate: dateSchema()
      .nullish()
      .transform((date) => date ?? undefined),
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
  };
}

/** The form's values: the IBAN typed in groups of four, empty for none. */
function formValues(account: BankAccount, mode: 'edit' | 'clone') {
  // A clone is another account: the IBAN belongs to the original (one account per IBAN, 409).
  return { ...storedValues(account), iban: mode === 'edit' && account.iban ? formatIban(account.iban) : '' };
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
    // The edit schema asks more of the same fields ("Stand per" required).
    resolver: mode === 'edit' ? (editResolver as typeof createResolver) : createResolver,
    defaultValues:
      request.mode === 'create'
        ? { name: '', currencyId: request.currencyId, iban: '' }
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
        required={mode === 'edit'}
        description={redated ? texts.balanceDateToday : mode === 'edit' ? undefined : texts.balanceDateHint}
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
