import { useState } from 'react';
import { Button, Group, SimpleGrid, TextInput } from '@mantine/core';
import { IconCopy, IconDeviceFloppy, IconTrash } from '@tabler/icons-react';
import { useWatch, type FieldPath } from 'react-hook-form';
import {
  bankAccountCreateSchema,
  dateSchema,
  type BankAccount,
  type BankAccountCreate,
  type BankAccountUpdate,
} from '@saldopilot/shared';
import { AmountField } from '../../../components/form/amount-input';
import { DateField } from '../../../components/form/date-input';
import { Form } from '../../../components/form/form';
import { InlineMessage, type InlineMessageValue } from '../../../components/form/inline-message';
import { SubmitButton } from '../../../components/form/submit-button';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { ApiError } from '../../../lib/api-error';
import { openDialog } from '../../../lib/dialog';
import { CurrencyField } from '../../../components/form/currency-field';
import { showToast } from '../../../lib/toast';
import { confirmDestructive } from '../../../lib/user-action';
import { useCurrencies } from '../../../reference-data/currencies';
import { createBankAccount } from '../api/create-bank-account';
import { deleteBankAccount } from '../api/delete-bank-account';
import { updateBankAccount } from '../api/update-bank-account';
import { bankAccountTexts as texts } from './bank-account-texts';

export type BankAccountDialogRequest =
  { mode: 'create'; currencyId: number } | { mode: 'edit' | 'clone'; account: BankAccount };

// Editing keeps a date ("Stand per" of the stored balance); creating or cloning may leave it empty
// (null in the form) for the server's today.
const editSchema = bankAccountCreateSchema.extend({ balanceDate: dateSchema() });
const createSchema = bankAccountCreateSchema.extend({
  balanceDate: dateSchema()
    .nullish()
    .transform((date) => date ?? undefined),
});

const titles = { create: texts.createTitle, edit: texts.editTitle, clone: texts.cloneTitle } as const;
const failures = { create: texts.createFailed, edit: texts.updateFailed, clone: texts.createFailed } as const;
const fieldNames: FieldPath<BankAccountCreate>[] = ['name', 'amount', 'currencyId', 'balanceDate'];

function initialValues(request: BankAccountDialogRequest): Partial<BankAccountCreate> {
  if (request.mode === 'create') return { name: '', currencyId: request.currencyId };
  const { account } = request;
  return {
    name: account.name,
    amount: account.amount,
    currencyId: account.currency.id,
    balanceDate: account.balanceDate,
  };
}

/** Only what the person changed: a PATCH is a true partial update (docs/api.md "Writes"). */
function changesOf(values: BankAccountCreate, dirty: Partial<Record<keyof BankAccountCreate, unknown>>) {
  const changes: BankAccountUpdate = {};
  for (const name of fieldNames) {
    if (dirty[name]) Object.assign(changes, { [name]: values[name] });
  }
  return changes;
}

function BankAccountForm({
  request,
  close,
}: {
  request: BankAccountDialogRequest;
  close: (account?: BankAccount) => void;
}) {
  const { mode } = request;
  const account = request.mode === 'create' ? undefined : request.account;
  const { data: currencies = [] } = useCurrencies();
  const [message, setMessage] = useState<InlineMessageValue | null>(null);
  const {
    register,
    handleSubmit,
    control,
    setError,
    formState: { errors, dirtyFields },
  } = useSchemaForm(mode === 'edit' ? editSchema : createSchema, {
    defaultValues: initialValues(request),
  });
  const currencyId = useWatch({ control, name: 'currencyId' });
  const currencyCode = currencies.find((currency) => currency.id === currencyId)?.code;
  // A new balance is dated today by the server unless the date was changed too (docs/api.md "Areas").
  const redated = mode === 'edit' && dirtyFields.amount && !dirtyFields.balanceDate;

  const fail = (error: unknown, text: string) => {
    if (error instanceof ApiError) {
      for (const name of fieldNames) {
        const fieldMessage = error.fields?.[name];
        if (fieldMessage) setError(name, { message: fieldMessage });
      }
    }
    setMessage({ severity: 'error', text, detail: error instanceof ApiError ? error.message : undefined });
  };

  const submit = handleSubmit(async (values) => {
    setMessage(null);
    try {
      const saved =
        account && mode === 'edit'
          ? await updateBankAccount(account.id, changesOf(values, dirtyFields))
          : await createBankAccount(values);
      showToast({
        severity: 'success',
        summary: texts.success,
        detail: mode === 'edit' ? texts.updated(saved.name) : texts.created(saved.name),
      });
      close(saved);
    } catch (error) {
      fail(error, failures[mode]);
    }
  });

  const remove = async () => {
    if (!account) return;
    const confirmed = await confirmDestructive({ header: texts.deleteHeader, message: texts.deleteQuestion });
    if (!confirmed) return;
    try {
      await deleteBankAccount(account.id);
      showToast({ severity: 'success', summary: texts.success, detail: texts.deleted(account.name) });
      close();
    } catch (error) {
      fail(error, texts.deleteFailed);
    }
  };

  return (
    <Form onSubmit={submit} aria-label={titles[mode]}>
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
      <Group justify="space-between" mt="sm" gap="sm">
        {mode === 'edit' ? (
          <Button
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={18} aria-hidden />}
            onClick={() => void remove()}
          >
            {texts.delete}
          </Button>
        ) : (
          <span />
        )}
        <Group gap="sm">
          <Button variant="default" onClick={() => close()}>
            {texts.cancel}
          </Button>
          <SubmitButton
            control={control}
            requireChange={mode !== 'clone'}
            icon={mode === 'clone' ? <IconCopy size={18} aria-hidden /> : <IconDeviceFloppy size={18} aria-hidden />}
          >
            {mode === 'clone' ? texts.clone : texts.save}
          </SubmitButton>
        </Group>
      </Group>
      <InlineMessage message={message} />
    </Form>
  );
}

/**
 * The dialog "Neues Bankkonto anlegen" / "Bankkonto bearbeiten" / "Bankkonto klonen" (docs/web.md
 * "Bankkonten"); answers the saved account, or undefined when it was cancelled or the account
 * deleted.
 */
export function openBankAccountDialog(request: BankAccountDialogRequest): Promise<BankAccount | undefined> {
  return openDialog<BankAccount>({
    header: titles[request.mode],
    content: ({ close }) => <BankAccountForm request={request} close={close} />,
  });
}
