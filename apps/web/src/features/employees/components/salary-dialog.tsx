import { useState } from 'react';
import { Alert, List, SimpleGrid } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useWatch, type Resolver } from 'react-hook-form';
import { cycleLabels, cycles, salaryCreateSchema, type Salary, type SalaryCreate } from '@saldopilot/shared';
import { AmountField } from '../../../components/form/amount-input';
import { CheckboxField } from '../../../components/form/check-field';
import { ChoiceField } from '../../../components/form/choice-field';
import { CurrencyField } from '../../../components/form/currency-field';
import { WholeNumberField } from '../../../components/form/whole-number-field';
import { DateField } from '../../../components/form/date-input';
import { EntityForm } from '../../../components/form/entity-dialog';
import { IdSelectField } from '../../../components/form/id-select-field';
import { useEntityForm } from '../../../components/form/use-entity-form';
import { changeCollections } from '../../../lib/remote-changes';
import { openDialog, type DialogControls } from '../../../lib/dialog';
import { formatDate } from '../../../lib/format';
import { showToast } from '../../../lib/toast';
import { useCurrencies } from '../../../reference-data/currencies';
import { copySalaryCosts } from '../api/copy-salary-costs';
import { createSalary } from '../api/create-salary';
import { deleteSalary } from '../api/delete-salary';
import { listSalaryCosts } from '../api/list-salary-costs';
import { updateSalary } from '../api/update-salary';
import { cloneFromDate } from './employee-display';
import { employeeTexts as texts } from './employee-texts';
import { emptySalaryValues, endPreview, salaryValuesOf, type SalaryFormValues } from './salary-form-values';

export type SalaryDialogMode = { kind: 'create' } | { kind: 'edit' | 'clone'; salary: Salary };

const titles = { create: texts.salaryCreateTitle, edit: texts.salaryEditTitle, clone: texts.salaryCloneTitle } as const;

/** The shared create schema, plus: no two salaries of the employee start on the same day (a 409 otherwise). */
function salaryResolver(takenDates: ReadonlySet<string>): Resolver<SalaryFormValues, unknown, SalaryCreate> {
  const schema = salaryCreateSchema.superRefine((value, context) => {
    if (takenDates.has(value.fromDate))
      context.addIssue({ code: 'custom', path: ['fromDate'], message: texts.dateTaken });
  });
  return zodResolver(schema) as unknown as Resolver<SalaryFormValues, unknown, SalaryCreate>;
}

/**
 * Creates the salary; a clone takes the source's costs along (docs/web.md "Mitarbeitende (Detailseite)"), and a
 * failure there keeps the new salary and says so.
 */
async function createWithCosts(employeeId: number, request: SalaryCreate, source: Salary | undefined) {
  const created = await createSalary(employeeId, request);
  if (source) {
    try {
      const costs = await listSalaryCosts(source.id);
      if (costs.length > 0) await copySalaryCosts(created.id, { ids: costs.map((cost) => cost.id) });
    } catch {
      showToast({ severity: 'warn', summary: texts.hint, detail: texts.costsNotCopied });
    }
  }
  return created;
}

function SalaryForm({
  mode,
  employeeId,
  salaries,
  organisationCurrencyId,
  dialog,
}: {
  mode: SalaryDialogMode;
  employeeId: number;
  salaries: readonly Salary[];
  organisationCurrencyId: number;
  dialog: DialogControls<Salary | null>;
}) {
  const { data: currencies = [] } = useCurrencies();
  const source = mode.kind === 'create' ? undefined : mode.salary;
  const editedId = mode.kind === 'edit' ? mode.salary.id : undefined;
  const [takenDates] = useState(
    () => new Set(salaries.filter((salary) => salary.id !== editedId).map((salary) => salary.fromDate)),
  );
  const entity = useEntityForm({
    dialog,
    mode: mode.kind,
    titles,
    resolver: salaryResolver(takenDates),
    defaultValues: source
      ? salaryValuesOf(source, mode.kind === 'clone' ? cloneFromDate(source, salaries) : undefined)
      : emptySalaryValues(organisationCurrencyId),
    stored: source && (salaryValuesOf(source) as Partial<SalaryCreate>),
    live: source && { collection: changeCollections.salaries, id: source.id },
    save: {
      create: (request) => createWithCosts(employeeId, request, mode.kind === 'clone' ? source : undefined),
      update: (changes) => updateSalary(source?.id ?? 0, changes),
    },
    saved: (_saved, savedMode) => (savedMode === 'edit' ? texts.salaryUpdated : texts.salaryCreated),
    failed: { create: texts.salaryCreateFailed, update: texts.salaryUpdateFailed },
    remove: source && {
      label: texts.deleteSalary,
      question: texts.deleteSalaryQuestion,
      run: () => deleteSalary(source.id),
      deleted: texts.salaryDeleted,
      failed: texts.salaryDeleteFailed,
    },
  });
  const { control } = entity.form;
  const [currencyId, fromDate, cycle, hasThirteenth] = useWatch({
    control,
    name: ['currencyId', 'fromDate', 'cycle', 'hasThirteenthSalary'],
  });
  const currencyCode = currencies.find((currency) => currency.id === currencyId)?.code;
  const ends = endPreview(salaries, { fromDate, cycle }, editedId);

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
    <EntityForm entity={entity}>
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
        <CurrencyField control={control} name="currencyId" label={texts.fields.currency} />
        <AmountField
          control={control}
          name="amount"
          label={texts.fields.gross}
          description={texts.hints.gross}
          required
          currency={currencyCode}
        />
        <DateField
          control={control}
          name="fromDate"
          label={texts.fields.from}
          description={texts.hints.from}
          required
        />
        <ChoiceField
          control={control}
          name="cycle"
          label={texts.fields.cycle}
          required
          data={cycles.map((value) => ({ value, label: cycleLabels[value] }))}
        />
        <CheckboxField
          control={control}
          name="hasThirteenthSalary"
          label={texts.fields.thirteenth}
          description={texts.hints.thirteenth}
          mt="md"
        />
        {hasThirteenth ? (
          <IdSelectField
            control={control}
            name="thirteenthSalaryMonth"
            label={texts.fields.thirteenthMonth}
            data={([12, 11] as const).map((month) => ({ value: month, label: texts.thirteenthMonths[month] }))}
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
    </EntityForm>
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
    content: (dialog) => <SalaryForm mode={mode} {...context} dialog={dialog} />,
  });
}
