import { useState } from 'react';
import { Alert, SimpleGrid, Switch, TextInput } from '@mantine/core';
import { Controller, useWatch } from 'react-hook-form';
import {
  cycleLabels,
  cycles,
  isIsoDate,
  transactionTypeLabels,
  transactionTypes,
  formatIban,
  type QrBillPreview,
  type Transaction,
  type TransactionCreate,
  type User,
} from '@saldopilot/shared';
import { AmountField } from '../../../components/form/amount-input';
import { ChoiceField } from '../../../components/form/choice-field';
import { DateField } from '../../../components/form/date-input';
import { EntityForm } from '../../../components/form/entity-dialog';
import { useEntityForm } from '../../../components/form/use-entity-form';
import { changeKinds } from '../../../lib/remote-changes';
import { openDialog, type DialogControls } from '../../../lib/dialog';
import { CurrencyField } from '../../../components/form/currency-field';
import { useCurrencies } from '../../../reference-data/currencies';
import { BankAccountField } from './bank-account-field';
import { useFiatRates } from '../../../reference-data/fiat-rates';
import { createTransaction } from '../api/create-transaction';
import { deleteTransaction } from '../api/delete-transaction';
import { updateTransaction } from '../api/update-transaction';
import { CategoryField } from './category-field';
import { EmployeeField } from './employee-field';
import { hinted, hintedLabel } from './info-tip';
import {
  emptyValues,
  storedRequest,
  transactionResolver,
  valuesOf,
  type TransactionControl,
} from './transaction-form-values';
import { convertedText } from './transaction-display';
import { qrBillTexts, transactionTexts as texts } from './transaction-texts';
import { confirmQrBill } from '../api/qr-bills';
import { VatField } from './vat-field';
import classes from './transactions.module.css';
import '@mantine/core/styles/Switch.css';

export type TransactionDialogMode =
  | { kind: 'create' }
  | { kind: 'edit' | 'clone'; transaction: Transaction }
  /** A QR-bill read (docs/qr-bills.md "The web"): its preview, saved through `POST /qr-bills`. */
  | { kind: 'qr-bill'; preview: QrBillPreview };

const titles = {
  create: texts.createTitle,
  edit: texts.editTitle,
  clone: texts.cloneTitle,
  'qr-bill': qrBillTexts.title,
} as const;

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
    <AmountField
      {...field}
      control={control}
      name="amount"
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
    />
  );
}

function TransactionForm({
  mode,
  user,
  dialog,
}: {
  mode: TransactionDialogMode;
  user: User;
  dialog: DialogControls<Transaction | null>;
}) {
  const [endCleared, setEndCleared] = useState(false);
  const { data: currencies = [] } = useCurrencies();
  const original = mode.kind === 'edit' || mode.kind === 'clone' ? mode.transaction : undefined;
  const bill = mode.kind === 'qr-bill' ? mode.preview : undefined;
  const entity = useEntityForm({
    dialog,
    mode: mode.kind === 'qr-bill' ? 'create' : mode.kind,
    titles: { ...titles, create: titles[mode.kind] },
    resolver: transactionResolver,
    defaultValues: original ? valuesOf(original) : bill ? qrBillValues(bill, user) : emptyValues(user.currency.id),
    // A bill's values are a proposal: saving them unchanged is the point.
    ...(bill ? { requireChange: false } : {}),
    stored: original && storedRequest(original),
    live: original && { collection: changeKinds.transactions, id: original.id },
    save: {
      create: bill ? confirmBill : createTransaction,
      update: (changes) => updateTransaction(original?.id ?? 0, changes),
    },
    saved: (saved, savedMode) => (savedMode === 'edit' ? texts.updated(saved.name) : texts.created(saved.name)),
    failed: { create: texts.createFailed, update: texts.updateFailed },
    remove: original && {
      label: texts.deleteTransaction,
      question: texts.deleteQuestion,
      run: () => deleteTransaction(original.id),
      deleted: texts.deleted(original.name),
      failed: texts.deleteFailed,
    },
  });
  const {
    register,
    control,
    setValue,
    getValues,
    formState: { errors },
  } = entity.form;
  const [type, currencyId, startDate] = useWatch({ control, name: ['type', 'currencyId', 'startDate'] });
  const repeating = type === 'repeating';
  const currencyCode = currencies.find((currency) => currency.id === currencyId)?.code;

  return (
    <EntityForm entity={entity}>
      {bill ? <QrBillSummary bill={bill} /> : null}
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
        <ChoiceField
          control={control}
          name="type"
          deps={['cycle', 'endDate']}
          label={texts.fields.type}
          nothingFoundMessage={texts.noTypes}
          data={transactionTypes.map((value) => ({ value, label: transactionTypeLabels[value] }))}
        />
        {repeating ? (
          <ChoiceField
            control={control}
            name="cycle"
            label={texts.fields.cycle}
            required
            nothingFoundMessage={texts.noCycles}
            data={cycles.map((value) => ({ value, label: cycleLabels[value] }))}
          />
        ) : (
          // docs/web.md "Transaktionen": without a cycle the cell stays empty, so the dates keep
          // their places.
          <div />
        )}
        <DateField
          {...hinted(texts.fields.from, texts.hints.from)}
          control={control}
          name="startDate"
          deps={['endDate']}
          required
          onChange={(next) => {
            // docs/web.md "Transaktionen": a "Von" after "Bis" clears "Bis", and says so.
            const end = getValues('endDate');
            if (next && isIsoDate(next) && end && end < next) {
              setValue('endDate', null, { shouldDirty: true, shouldValidate: true });
              setEndCleared(true);
            }
          }}
        />
        {repeating ? (
          <DateField
            {...hinted(texts.fields.to, texts.hints.to)}
            control={control}
            name="endDate"
            // The calendar offers no day before "Von".
            min={startDate && isIsoDate(startDate) ? startDate : undefined}
            onChange={() => setEndCleared(false)}
          />
        ) : null}
        <BankAccountField control={control} error={errors.bankAccountId?.message} />
        <TextInput
          {...hinted(texts.fields.reference, texts.hints.reference)}
          placeholder={texts.referencePlaceholder}
          autoComplete="off"
          spellCheck={false}
          className={classes.wide}
          error={errors.reference?.message}
          {...register('reference')}
        />
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
    </EntityForm>
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

/** A bill's preview as the dialog's values: an expense on its due date, its reference kept. */
function qrBillValues(bill: QrBillPreview, user: User) {
  return {
    ...emptyValues(user.currency.id),
    name: bill.proposed.name,
    categoryId: bill.proposed.categoryId ?? undefined,
    vatId: bill.proposed.vatId,
    currencyId: bill.currency.id,
    amount: bill.amount === null ? null : -bill.amount,
    startDate: bill.dueDate,
    reference: bill.reference ?? '',
  };
}

/** Saves the dialog's values as the confirmed bill (`POST /qr-bills`, a one-off expense). */
function confirmBill(values: TransactionCreate): Promise<Transaction> {
  return confirmQrBill({
    name: values.name,
    amount: Math.abs(values.amount),
    currencyId: values.currencyId,
    dueDate: values.startDate,
    categoryId: values.categoryId,
    vatId: values.vatId ?? null,
    reference: values.reference ?? null,
    bankAccountId: values.bankAccountId ?? null,
  });
}

/** What the bill says beyond the fields: creditor, account, reference, where the due date comes from. */
function QrBillSummary({ bill }: { bill: QrBillPreview }) {
  return (
    <Alert color="blue" variant="light" mb="md" data-testid="qr-bill-summary">
      <div>
        {qrBillTexts.creditor}: {bill.creditor.name}, {bill.creditor.address}
      </div>
      <div>
        {qrBillTexts.account}: {formatIban(bill.creditor.iban)}
      </div>
      <div>
        {qrBillTexts.reference}: {bill.reference ? `${bill.referenceType} ${bill.reference}` : qrBillTexts.noReference}
      </div>
      {bill.invoiceNumber ? (
        <div>
          {qrBillTexts.invoice}: {bill.invoiceNumber}
        </div>
      ) : null}
      <div>
        {bill.dueDateSource === 'terms' ? qrBillTexts.dueFromTerms : qrBillTexts.dueByDefault(bill.paymentTermDays)}
      </div>
      {bill.amount === null ? <div>{qrBillTexts.openAmount}</div> : null}
    </Alert>
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
    header: titles[mode.kind],
    content: (dialog) => <TransactionForm mode={mode} user={user} dialog={dialog} />,
  });
}
