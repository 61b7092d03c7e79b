import { useState } from 'react';
import { Alert, Button, Checkbox, List, Select, SimpleGrid } from '@mantine/core';
import { IconCopy, IconDeviceFloppy } from '@tabler/icons-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, useFormState, useWatch, type Resolver } from 'react-hook-form';
import {
  cycleLabels,
  cycles,
  salaryCreateSchema,
  SELECT,
  Z_INDEX,
  type Cycle,
  type Salary,
  type SalaryCreate,
  type SalaryUpdate,
} from '@saldopilot/shared';
import { AmountInput } from '../../../components/form/amount-input';
import { WholeNumberField } from '../../../components/form/whole-number-field';
import { DialogFooter } from '../../../components/form/dialog-footer';
import { DateInput } from '../../../components/form/date-input';
import { Form } from '../../../components/form/form';
import { InlineMessage, useInlineMessage } from '../../../components/form/inline-message';
import { ApiError } from '../../../lib/api-error';
import { openDialog } from '../../../lib/dialog';
import { formatCurrencyLabel, formatDate } from '../../../lib/format';
import { showToast } from '../../../lib/toast';
import { confirmDestructive } from '../../../lib/user-action';
import { useCurrencies } from '../../../reference-data/currencies';
import { copySalaryCosts } from '../api/copy-salary-costs';
import { createSalary } from '../api/create-salary';
import { deleteSalary } from '../api/delete-salary';
import { listSalaryCosts } from '../api/list-salary-costs';
import { updateSalary } from '../api/update-salary';
import { cloneFromDate } from './employee-display';
import { employeeTexts as texts } from './employee-texts';
import { emptySalaryValues, endPreview, salaryValuesOf, type SalaryFormValues } from './salary-form-values';

const inDialog = { zIndex: Z_INDEX.modal + 10 };

export type SalaryDialogMode = { kind: 'create' } | { kind: 'edit' | 'clone'; salary: Salary };

const titles = { create: texts.salaryCreateTitle, edit: texts.salaryEditTitle, clone: texts.salaryCloneTitle } as const;

const fieldNames = [
  'hoursPerMonth',
  'vacationDaysPerYear',
  'currencyId',
  'amount',
  'fromDate',
  'cycle',
  'hasThirteenthSalary',
  'thirteenthSalaryMonth',
] as const;

/** The shared create schema, plus: no two salaries of the employee start on the same day (a 409 otherwise). */
function salaryResolver(takenDates: ReadonlySet<string>): Resolver<SalaryFormValues, unknown, SalaryCreate> {
  const schema = salaryCreateSchema.superRefine((value, context) => {
    if (takenDates.has(value.fromDate))
      context.addIssue({ code: 'custom', path: ['fromDate'], message: texts.dateTaken });
  });
  return zodResolver(schema) as unknown as Resolver<SalaryFormValues, unknown, SalaryCreate>;
}

function SaveButton({
  control,
  clone,
}: {
  control: ReturnType<typeof useForm<SalaryFormValues, unknown, SalaryCreate>>['control'];
  clone: boolean;
}) {
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

/** Only what the person changed: a PATCH is a true partial update (docs/api.md "Writes"). */
function changesOf(values: SalaryCreate, dirty: Partial<Record<keyof SalaryFormValues, unknown>>): SalaryUpdate {
  const changes: Record<string, unknown> = {};
  for (const name of fieldNames) if (dirty[name]) changes[name] = values[name];
  return changes as SalaryUpdate;
}

function SalaryForm({
  mode,
  employeeId,
  salaries,
  organisationCurrencyId,
  close,
}: {
  mode: SalaryDialogMode;
  employeeId: number;
  salaries: readonly Salary[];
  organisationCurrencyId: number;
  close: (result?: Salary | null) => void;
}) {
  const [message, showMessage] = useInlineMessage();
  const { data: currencies = [], isPending: currenciesPending } = useCurrencies();
  const editedId = mode.kind === 'edit' ? mode.salary.id : undefined;
  const [takenDates] = useState(
    () => new Set(salaries.filter((salary) => salary.id !== editedId).map((salary) => salary.fromDate)),
  );
  const {
    handleSubmit,
    control,
    setError,
    formState: { errors, dirtyFields },
  } = useForm<SalaryFormValues, unknown, SalaryCreate>({
    resolver: salaryResolver(takenDates),
    mode: 'onTouched',
    defaultValues:
      mode.kind === 'create'
        ? emptySalaryValues(organisationCurrencyId)
        : salaryValuesOf(mode.salary, mode.kind === 'clone' ? cloneFromDate(mode.salary, salaries) : undefined),
  });
  const [currencyId, fromDate, cycle, hasThirteenth] = useWatch({
    control,
    name: ['currencyId', 'fromDate', 'cycle', 'hasThirteenthSalary'],
  });
  const currencyCode = currencies.find((currency) => currency.id === currencyId)?.code;
  const ends = endPreview(salaries, { fromDate, cycle }, editedId);

  const fail = (error: unknown, text: string) => {
    if (error instanceof ApiError && error.fields) {
      for (const name of fieldNames) {
        const fieldMessage = error.fields[name];
        if (fieldMessage) setError(name, { message: fieldMessage });
      }
    }
    showMessage({ severity: 'error', text, detail: error instanceof ApiError ? error.message : undefined });
  };

  const onSubmit = handleSubmit(async (values) => {
    try {
      if (mode.kind === 'edit') {
        const saved = await updateSalary(mode.salary.id, changesOf(values, dirtyFields));
        showToast({ severity: 'success', summary: texts.success, detail: texts.salaryUpdated });
        close(saved);
        return;
      }
      const created = await createSalary(employeeId, values);
      showToast({ severity: 'success', summary: texts.success, detail: texts.salaryCreated });
      if (mode.kind === 'clone') {
        // docs/web.md "Mitarbeitende (Detailseite)": the source's costs come along; a failure there keeps the
        // new salary.
        try {
          const costs = await listSalaryCosts(mode.salary.id);
          if (costs.length > 0) await copySalaryCosts(created.id, { ids: costs.map((cost) => cost.id) });
        } catch {
          showToast({ severity: 'warn', summary: texts.hint, detail: texts.costsNotCopied });
        }
      }
      close(created);
    } catch (error) {
      fail(error, mode.kind === 'edit' ? texts.salaryUpdateFailed : texts.salaryCreateFailed);
    }
  });

  const remove = async () => {
    if (mode.kind !== 'edit') return;
    const confirmed = await confirmDestructive({ header: texts.delete, message: texts.deleteSalaryQuestion });
    if (!confirmed) return;
    try {
      await deleteSalary(mode.salary.id);
    } catch (error) {
      fail(error, texts.salaryDeleteFailed);
      return;
    }
    showToast({ severity: 'success', summary: texts.success, detail: texts.salaryDeleted });
    close(null);
  };

  const numberField = (name: 'hoursPerMonth' | 'vacationDaysPerYear', label: string, max: number) => (
    <WholeNumberField
      control={control}
      name={name}
      label={label}
      required
      min={0}
      max={max}
      data-autofocus={name === 'hoursPerMonth' || undefined}
    />
  );

  return (
    <Form onSubmit={onSubmit} aria-label={titles[mode.kind]}>
      {mode.kind === 'create' ? (
        <Alert color="blue" variant="light" mb="sm">
          {texts.createInfo}
        </Alert>
      ) : null}
      {mode.kind === 'clone' ? (
        <Alert color="blue" variant="light" mb="sm">
          {texts.cloneInfo}
        </Alert>
      ) : null}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing={0}>
        {numberField('hoursPerMonth', texts.fields.hours, 480)}
        {numberField('vacationDaysPerYear', texts.fields.vacation, 365)}
        <Controller
          control={control}
          name="currencyId"
          render={({ field }) => (
            <Select
              label={texts.fields.currency}
              required
              searchable
              placeholder={currenciesPending ? texts.loading : texts.pleaseChoose}
              nothingFoundMessage={currencies.length ? texts.noResults : texts.noCurrencies}
              data={currencies.map((currency) => ({
                value: String(currency.id),
                label: formatCurrencyLabel(currency),
              }))}
              value={field.value ? String(field.value) : null}
              onChange={(value) => field.onChange(value ? Number(value) : undefined)}
              onBlur={field.onBlur}
              allowDeselect={false}
              maxDropdownHeight={SELECT.dropdownMaxHeight}
              comboboxProps={inDialog}
              error={errors.currencyId?.message}
            />
          )}
        />
        <Controller
          control={control}
          name="amount"
          render={({ field }) => (
            <AmountInput
              label={texts.fields.gross}
              description={texts.hints.gross}
              required
              currency={currencyCode}
              name={field.name}
              ref={field.ref}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={errors.amount?.message}
            />
          )}
        />
        <Controller
          control={control}
          name="fromDate"
          render={({ field }) => (
            <DateInput
              label={texts.fields.from}
              description={texts.hints.from}
              required
              ref={field.ref}
              name={field.name}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={errors.fromDate?.message}
            />
          )}
        />
        <Controller
          control={control}
          name="cycle"
          render={({ field }) => (
            <Select
              label={texts.fields.cycle}
              required
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
        <Controller
          control={control}
          name="hasThirteenthSalary"
          render={({ field }) => (
            <Checkbox
              label={texts.fields.thirteenth}
              description={texts.hints.thirteenth}
              mt="md"
              ref={field.ref}
              name={field.name}
              checked={field.value}
              onChange={(event) => field.onChange(event.currentTarget.checked)}
              onBlur={field.onBlur}
              error={errors.hasThirteenthSalary?.message}
            />
          )}
        />
        {hasThirteenth ? (
          <Controller
            control={control}
            name="thirteenthSalaryMonth"
            render={({ field }) => (
              <Select
                label={texts.fields.thirteenthMonth}
                data={([12, 11] as const).map((month) => ({
                  value: String(month),
                  label: texts.thirteenthMonths[month],
                }))}
                value={String(field.value)}
                onChange={(value) => value && field.onChange(Number(value) as 11 | 12)}
                onBlur={field.onBlur}
                allowDeselect={false}
                comboboxProps={inDialog}
                error={errors.thirteenthSalaryMonth?.message}
              />
            )}
          />
        ) : null}
      </SimpleGrid>
      {ends.length > 0 ? (
        // The "Bis" dates the server will set (docs/salary-rules.md "Salary timeline"), shown
        // before saving.
        <Alert color="gray" variant="light" title={texts.neighbourEnds} role="status" mt="xs">
          <List size="sm">
            {ends.map((end) => (
              <List.Item key={end.fromDate ?? 'this'}>
                {end.fromDate ? texts.from(formatDate(end.fromDate)) : titles[mode.kind]}:{' '}
                {end.toDate ? texts.until(formatDate(end.toDate)) : texts.permanent}
              </List.Item>
            ))}
          </List>
        </Alert>
      ) : null}
      <DialogFooter
        remove={mode.kind === 'edit' ? { label: texts.deleteSalary, onClick: () => void remove() } : undefined}
        onCancel={() => close()}
        cancelLabel={texts.cancel}
      >
        <SaveButton control={control} clone={mode.kind === 'clone'} />
      </DialogFooter>
      <InlineMessage message={message} />
    </Form>
  );
}

/**
 * "Neuen Lohn anlegen" / "Lohn bearbeiten" / "Lohn klonen" (docs/web.md "Mitarbeitende (Detailseite)"). Answers
 * the saved salary, null when it was deleted, undefined when the dialog was left.
 */
export function openSalaryDialog(
  mode: SalaryDialogMode,
  context: { employeeId: number; salaries: readonly Salary[]; organisationCurrencyId: number },
): Promise<Salary | null | undefined> {
  return openDialog<Salary | null>({
    header: titles[mode.kind],
    content: ({ close }) => <SalaryForm mode={mode} {...context} close={close} />,
  });
}
