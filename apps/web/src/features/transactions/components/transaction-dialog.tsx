import { useState } from 'react';
import { Alert, Button, Select, SimpleGrid, Switch, TextInput } from '@mantine/core';
import { IconCopy, IconDeviceFloppy } from '@tabler/icons-react';
import { Controller, useForm, useFormState, useWatch } from 'react-hook-form';
import {
  cycleLabels,
  cycles,
  isIsoDate,
  transactionTypeLabels,
  transactionTypes,
  Z_INDEX,
  type Cycle,
  type Transaction,
  type TransactionCreate,
  type TransactionType,
  type User,
} from '@saldopilot/shared';
import { AmountInput } from '../../../components/form/amount-input';
import { DialogFooter } from '../../../components/form/dialog-footer';
import { DateInput } from '../../../components/form/date-input';
import { Form } from '../../../components/form/form';
import { InlineMessage, useInlineMessage } from '../../../components/form/inline-message';
import { ApiError } from '../../../lib/api-error';
import { openDialog } from '../../../lib/dialog';
import { CurrencyField } from '../../../components/form/currency-field';
import { showToast } from '../../../lib/toast';
import { confirmDestructive } from '../../../lib/user-action';
import { useCurrencies } from '../../../reference-data/currencies';
import { useFiatRates } from '../../../reference-data/fiat-rates';
import { createTransaction } from '../api/create-transaction';
import { deleteTransaction } from '../api/delete-transaction';
import { updateTransaction } from '../api/update-transaction';
import { CategoryField } from './category-field';
import { EmployeeField } from './employee-field';
import { hinted, hintedLabel } from './info-tip';
import {
  changesOf,
  emptyValues,
  transactionResolver,
  valuesOf,
  type TransactionControl,
  type TransactionFormValues,
} from './transaction-form-values';
import { convertedText } from './transaction-display';
import { transactionTexts as texts } from './transaction-texts';
import { VatField } from './vat-field';
import classes from './transactions.module.css';
import '@mantine/core/styles/Switch.css';

// Selects inside the dialog open their list above it.
const inDialog = { zIndex: Z_INDEX.modal + 10 };

export type TransactionDialogMode = { kind: 'create' } | { kind: 'edit' | 'clone'; transaction: Transaction };

function titleOf(mode: TransactionDialogMode): string {
  if (mode.kind === 'create') return texts.createTitle;
  return mode.kind === 'edit' ? texts.editTitle : texts.cloneTitle;
}

/**
 * Save is possible once the form is valid and changed (docs/web.md "Transaktionen"); a clone may be
 * saved as it is, since saving it creates a new transaction.
 */
function SaveButton({ control, clone }: { control: TransactionControl; clone: boolean }) {
  const { isValid, isDirty, isSubmitting } = useFormState({ control });
  return (
    <Button
      type="submit"
      leftSection={clone ? <IconCopy size={18} aria-hidden /> : <IconDeviceFloppy size={18} aria-hidden />}
      disabled={!isValid || (!isDirty && !clone)}
      loading={isSubmitting}
    >
      {clone ? texts.cloneButton : texts.save}
    </Button>
  );
}

/** The amount field with the "~ … CHF" hint for a foreign currency (docs/web.md "Transaktionen"). */
function AmountWithConversion({
  control,
  currencyCode,
  organisationCurrency,
}: {
  control: TransactionControl;
  currencyCode: string | undefined;
  organisationCurrency: string;
}) {
  const amount = useWatch({ control, name: 'amount' });
  const { data: rates } = useFiatRates(organisationCurrency);
  const converted =
    currencyCode && typeof amount === 'number' && Number.isSafeInteger(amount)
      ? convertedText(amount, currencyCode, organisationCurrency, rates)
      : undefined;
  const field = hinted(texts.fields.amount, converted ? `${texts.hints.amount}. ${converted}` : texts.hints.amount);
  return (
    <Controller
      control={control}
      name="amount"
      render={({ field: input, fieldState }) => (
        <AmountInput
          {...field}
          label={
            <>
              {field.label}
              {converted ? (
                // Read out through the description; shown right of the label as in the reference.
                <span aria-hidden className={classes.converted}>
                  {converted}
                </span>
              ) : null}
            </>
          }
          required
          currency={currencyCode}
          invertible
          name={input.name}
          ref={input.ref}
          value={input.value}
          onChange={input.onChange}
          onBlur={input.onBlur}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}

function TransactionForm({
  mode,
  user,
  close,
}: {
  mode: TransactionDialogMode;
  user: User;
  close: (result?: Transaction | null) => void;
}) {
  const [message, showMessage] = useInlineMessage();
  const [endCleared, setEndCleared] = useState(false);
  const { data: currencies = [] } = useCurrencies();
  const original = mode.kind === 'create' ? undefined : mode.transaction;
  const {
    register,
    handleSubmit,
    control,
    setValue,
    setError,
    getValues,
    formState: { errors },
  } = useForm<TransactionFormValues, unknown, TransactionCreate>({
    resolver: transactionResolver,
    // The house way (useSchemaForm): a field's message shows once it was left.
    mode: 'onTouched',
    defaultValues: original ? valuesOf(original) : emptyValues(user.currency.id),
  });
  const [type, currencyId, startDate] = useWatch({ control, name: ['type', 'currencyId', 'startDate'] });
  const repeating = type === 'repeating';
  const currencyCode = currencies.find((currency) => currency.id === currencyId)?.code;

  const onSubmit = handleSubmit(async (input) => {
    try {
      let saved: Transaction;
      if (mode.kind === 'edit') {
        saved = await updateTransaction(mode.transaction.id, changesOf(mode.transaction, input));
      } else {
        saved = await createTransaction(input);
      }
      showToast({
        severity: 'success',
        summary: texts.success,
        detail: mode.kind === 'edit' ? texts.updated(saved.name) : texts.created(saved.name),
      });
      close(saved);
    } catch (error) {
      // The server names the fields it refused (e.g. a category deleted meanwhile): show them there.
      if (error instanceof ApiError && error.fields) {
        for (const [field, fieldMessage] of Object.entries(error.fields)) {
          if (field in getValues()) setError(field as keyof TransactionFormValues, { message: fieldMessage });
        }
      }
      showMessage({
        severity: 'error',
        text: mode.kind === 'edit' ? texts.updateFailed : texts.createFailed,
        detail: error instanceof ApiError ? error.message : undefined,
      });
    }
  });

  const remove = async () => {
    if (mode.kind !== 'edit') return;
    const confirmed = await confirmDestructive({ header: texts.delete, message: texts.deleteQuestion });
    if (!confirmed) return;
    try {
      await deleteTransaction(mode.transaction.id);
    } catch (error) {
      showMessage({
        severity: 'error',
        text: texts.deleteFailed,
        detail: error instanceof ApiError ? error.message : undefined,
      });
      return;
    }
    showToast({ severity: 'success', summary: texts.success, detail: texts.deleted(mode.transaction.name) });
    close(null);
  };

  return (
    <Form onSubmit={onSubmit} aria-label={titleOf(mode)}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing={0}>
        <TextInput
          label={texts.fields.name}
          required
          autoComplete="off"
          data-autofocus
          error={errors.name?.message}
          {...register('name')}
        />
        <TextInput
          {...hinted(texts.fields.link, texts.hints.link)}
          type="url"
          placeholder={texts.linkPlaceholder}
          autoComplete="off"
          error={errors.link?.message}
          {...register('link')}
        />
        <CategoryField control={control} setValue={setValue} error={errors.categoryId?.message} />
        <EmployeeField control={control} linked={original?.employee ?? null} />
        <CurrencyField control={control} name="currencyId" label={texts.fields.currency} />
        <AmountWithConversion control={control} currencyCode={currencyCode} organisationCurrency={user.currency.code} />
        <VatField control={control} setValue={setValue} error={errors.vatId?.message} />
        <VatIncludedSwitch control={control} />
        <Controller
          control={control}
          name="type"
          rules={{ deps: ['cycle', 'endDate'] }}
          render={({ field }) => (
            <Select
              label={texts.fields.type}
              nothingFoundMessage={texts.noTypes}
              data={transactionTypes.map((value) => ({ value, label: transactionTypeLabels[value] }))}
              value={field.value}
              onChange={(value) => value && field.onChange(value as TransactionType)}
              onBlur={field.onBlur}
              allowDeselect={false}
              comboboxProps={inDialog}
              error={errors.type?.message}
            />
          )}
        />
        {repeating ? (
          <Controller
            control={control}
            name="cycle"
            render={({ field }) => (
              <Select
                label={texts.fields.cycle}
                required
                nothingFoundMessage={texts.noCycles}
                data={cycles.map((value) => ({ value, label: cycleLabels[value] }))}
                value={field.value}
                onChange={(value) => value && field.onChange(value as Cycle)}
                onBlur={field.onBlur}
                allowDeselect={false}
                comboboxProps={inDialog}
                error={errors.cycle?.message}
              />
            )}
          />
        ) : (
          // docs/web.md "Transaktionen": without a cycle the cell stays empty, so the dates keep
          // their places.
          <div />
        )}
        <Controller
          control={control}
          name="startDate"
          rules={{ deps: ['endDate'] }}
          render={({ field }) => (
            <DateInput
              {...hinted(texts.fields.from, texts.hints.from)}
              required
              ref={field.ref}
              name={field.name}
              value={field.value}
              onChange={(next) => {
                field.onChange(next);
                // docs/web.md "Transaktionen": a "Von" after "Bis" clears "Bis", and says so.
                const end = getValues('endDate');
                if (next && isIsoDate(next) && end && end < next) {
                  setValue('endDate', null, { shouldDirty: true, shouldValidate: true });
                  setEndCleared(true);
                }
              }}
              onBlur={field.onBlur}
              error={errors.startDate?.message}
            />
          )}
        />
        {repeating ? (
          <Controller
            control={control}
            name="endDate"
            render={({ field }) => (
              <DateInput
                {...hinted(texts.fields.to, texts.hints.to)}
                // The calendar offers no day before "Von".
                min={startDate && isIsoDate(startDate) ? startDate : undefined}
                ref={field.ref}
                name={field.name}
                value={field.value}
                onChange={(next) => {
                  field.onChange(next);
                  setEndCleared(false);
                }}
                onBlur={field.onBlur}
                error={errors.endDate?.message}
              />
            )}
          />
        ) : null}
      </SimpleGrid>
      {endCleared ? (
        <Alert
          color="yellow"
          variant="light"
          role="status"
          withCloseButton
          closeButtonLabel="Hinweis schliessen"
          onClose={() => setEndCleared(false)}
          mb="sm"
        >
          {texts.endCleared}
        </Alert>
      ) : null}
      <DialogFooter
        remove={mode.kind === 'edit' ? { label: texts.deleteTransaction, onClick: () => void remove() } : undefined}
        onCancel={() => close()}
        cancelLabel={texts.cancel}
      >
        <SaveButton control={control} clone={mode.kind === 'clone'} />
      </DialogFooter>
      <InlineMessage message={message} />
    </Form>
  );
}

/** "Mehrwertsteuer inklusive?": only meaningful with a rate, so disabled until one is chosen. */
function VatIncludedSwitch({ control }: { control: TransactionControl }) {
  const vatId = useWatch({ control, name: 'vatId' });
  return (
    <Controller
      control={control}
      name="vatIncluded"
      render={({ field }) => (
        <Switch
          {...hintedLabel(texts.fields.vatIncluded, texts.hints.vatIncluded)}
          disabled={!vatId}
          checked={Boolean(vatId) && field.value}
          onChange={(event) => field.onChange(event.currentTarget.checked)}
          onBlur={field.onBlur}
          ref={field.ref}
          mt={{ base: 0, sm: 30 }}
          mb="md"
        />
      )}
    />
  );
}

/**
 * "Neue Transaktion anlegen" / "Transaktion bearbeiten" / "Transaktion klonen" (docs/web.md
 * "Transaktionen"). Answers the saved transaction, null when it was deleted, undefined when the
 * dialog was left.
 */
export function openTransactionDialog(
  mode: TransactionDialogMode,
  user: User,
): Promise<Transaction | null | undefined> {
  return openDialog<Transaction | null>({
    header: titleOf(mode),
    content: ({ close }) => <TransactionForm mode={mode} user={user} close={close} />,
  });
}
