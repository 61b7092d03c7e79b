import { ActionIcon, Alert, Group, MultiSelect, SimpleGrid, Text, Tooltip } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { Controller, useWatch, type Control, type FieldErrors, type Resolver } from 'react-hook-form';
import {
  amountTypes,
  costCycleLabels,
  costCycles,
  distributionTypes,
  salaryCostCreateSchema,
  salaryCostFundLabels,
  salaryCostFunds,
  salaryCostShapeErrors,
  type DistributionType,
  type Salary,
  type SalaryCost,
  type SalaryCostCreate,
} from '@saldopilot/shared';
import { AmountField } from '../../../components/form/amount-input';
import { ChoiceField } from '../../../components/form/choice-field';
import { WholeNumberField } from '../../../components/form/whole-number-field';
import { DateField } from '../../../components/form/date-input';
import { EntityForm } from '../../../components/form/entity-dialog';
import { IdSelectField } from '../../../components/form/id-select-field';
import { PercentField } from '../../../components/form/percent-input';
import { useEntityForm } from '../../../components/form/use-entity-form';
import { changeCollections } from '../../../lib/remote-changes';
import { openDialog, type DialogControls } from '../../../lib/dialog';
import { formatAmount, formatDate } from '../../../lib/format';
import { createSalaryCost } from '../api/create-salary-cost';
import { costLabelsQuery } from '../api/list-cost-labels';
import { updateSalaryCost } from '../api/update-salary-cost';
import { baseCostOptions, costRequestOf, costValuesOf, emptyCostValues, type CostFormValues } from './cost-form-values';
import { amountTypeTexts, distributionTexts, labelText } from './employee-display';
import { employeeTexts as texts } from './employee-texts';
import { openLabelDialog, removeLabel } from './label-dialogs';
import '@mantine/core/styles/NumberInput.css';

export type CostDialogMode = { kind: 'create' } | { kind: 'edit' | 'clone'; cost: SalaryCost };
type CostControl = Control<CostFormValues, unknown, SalaryCostCreate>;

const titles = { create: texts.costCreateTitle, edit: texts.costEditTitle, clone: texts.costCloneTitle } as const;

const schemaResolver = zodResolver(salaryCostCreateSchema);

/**
 * The shared create schema on the request the values stand for, plus its rules across fields at all
 * times (inside the schema they run only once every field is valid), and no base on the cost itself.
 */
function costResolver(editedId: number | undefined): Resolver<CostFormValues, unknown, SalaryCostCreate> {
  return async (values, context, options) => {
    const request = costRequestOf(values);
    const result = await schemaResolver(request as never, context, options as never);
    const extra: Record<string, string> = {};
    if (request.amount !== null && !Number.isNaN(request.amount)) {
      Object.assign(extra, salaryCostShapeErrors({ ...request, amount: request.amount }));
    }
    if (editedId !== undefined && request.baseSalaryCostIDs.includes(editedId)) {
      extra.baseSalaryCostIDs = 'Lohnkosten können nicht auf sich selbst basieren';
    }
    const missing = Object.entries(extra).filter(([field]) => !(field in result.errors));
    if (missing.length === 0) return result as Awaited<ReturnType<Resolver<CostFormValues, unknown, SalaryCostCreate>>>;
    const errors = { ...result.errors } as Record<string, unknown>;
    for (const [field, message] of missing) errors[field] = { type: 'custom', message };
    return { values: {}, errors: errors as FieldErrors<CostFormValues> };
  };
}

/**
 * The label select with its labels managed in place (docs/web.md "Mitarbeitende (Detailseite)"): add, edit and
 * delete beside it.
 */
function LabelField({ control, onChange }: { control: CostControl; onChange: (id: number | null) => void }) {
  const labels = useQuery(costLabelsQuery);
  const labelId = useWatch({ control, name: 'labelId' });
  const selected = labels.data?.find((label) => label.id === labelId);
  const side = (label: string, onClick: () => void, icon: React.ReactNode, color?: string) => (
    <Tooltip label={label}>
      <ActionIcon variant="subtle" color={color} size="input-sm" aria-label={label} onClick={onClick}>
        {icon}
      </ActionIcon>
    </Tooltip>
  );
  return (
    <div>
      <Group gap={4} align="flex-end" wrap="nowrap">
        <IdSelectField
          control={control}
          name="labelId"
          label={texts.costFields.label}
          description={texts.costHints.label}
          placeholder={labels.isPending ? texts.loading : texts.pleaseChoose}
          allowDeselect
          searchable
          nothingFoundMessage={texts.noLabels}
          data={(labels.data ?? []).map((label) => ({ value: label.id, label: label.name }))}
          style={{ flex: 1 }}
        />
        {side(
          texts.addLabel,
          () =>
            void openLabelDialog().then((created) => {
              if (created) onChange(created.id);
            }),
          <IconPlus size={18} aria-hidden />,
        )}
        {selected ? (
          <>
            {side(texts.editLabel, () => void openLabelDialog(selected), <IconPencil size={18} aria-hidden />)}
            {side(
              texts.removeLabel,
              () =>
                void removeLabel(selected).then((removed) => {
                  if (removed) onChange(null);
                }),
              <IconTrash size={18} aria-hidden />,
              'red',
            )}
          </>
        ) : null}
      </Group>
      <Text size="xs" c="dimmed" mt={2}>
        {texts.labelRecommendation}
      </Text>
    </div>
  );
}

function CostForm({
  mode,
  salary,
  costs,
  dialog,
}: {
  mode: CostDialogMode;
  salary: Salary;
  costs: readonly SalaryCost[];
  dialog: DialogControls<SalaryCost | null>;
}) {
  const source = mode.kind === 'create' ? undefined : mode.cost;
  const editedId = mode.kind === 'edit' ? mode.cost.id : undefined;
  const entity = useEntityForm({
    dialog,
    mode: mode.kind,
    titles,
    resolver: costResolver(editedId),
    defaultValues: source ? costValuesOf(source) : emptyCostValues(salary.cycle),
    stored: source && (costRequestOf(costValuesOf(source)) as Partial<SalaryCostCreate>),
    live: source && { collection: changeCollections.salaryCosts, id: source.id },
    save: {
      create: (request) => createSalaryCost(salary.id, request),
      update: (changes) => updateSalaryCost(source?.id ?? 0, changes),
    },
    saved: (saved, savedMode) => (savedMode === 'edit' ? texts.costUpdated : texts.costCreated(labelText(saved))),
    failed: { create: texts.costCreateFailed, update: texts.costUpdateFailed },
  });
  const {
    control,
    setValue,
    formState: { errors },
  } = entity.form;
  const [cycle, amountType, distributionType] = useWatch({
    control,
    name: ['cycle', 'amountType', 'distributionType'],
  });
  const currency = salary.currency.code;
  const once = cycle === 'once';

  return (
    <EntityForm entity={entity}>
      <Alert color="gray" variant="light" mb="sm">
        {texts.paymentInfo(
          salary.nextExecutionDate ? formatDate(salary.nextExecutionDate) : null,
          formatAmount(salary.amount, currency),
        )}
      </Alert>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing={0}>
        <LabelField
          control={control}
          onChange={(id) => setValue('labelId', id, { shouldDirty: true, shouldValidate: true })}
        />
        <ChoiceField
          control={control}
          name="cycle"
          label={texts.costFields.cycle}
          required
          data={costCycles.map((value) => ({ value, label: costCycleLabels[value] }))}
          onChange={(value) => {
            if (value === 'once') setValue('relativeOffset', 1, { shouldValidate: true });
          }}
        />
        <WholeNumberField
          control={control}
          name="relativeOffset"
          label={texts.costFields.offset}
          description={texts.costHints.offset}
          required
          disabled={once}
          min={1}
        />
        <ChoiceField
          control={control}
          name="amountType"
          label={texts.costFields.amountType}
          required
          data={amountTypes.map((value) => ({ value, label: amountTypeTexts[value] }))}
          onChange={(value) => {
            // The amount means something else in the other type; a fixed amount has no base costs.
            setValue('amount', null, { shouldValidate: false });
            if (value !== 'percentage') setValue('baseSalaryCostIDs', [], { shouldDirty: true });
          }}
        />
        {amountType !== 'fixed' ? (
          <PercentField
            control={control}
            name="amount"
            label={amountType === 'bvgMinimum' ? texts.costFields.bvgRiskRate : texts.costFields.percentage}
            description={amountType === 'bvgMinimum' ? texts.costHints.bvgRiskRate : texts.percentageHint}
            required
          />
        ) : (
          <AmountField control={control} name="amount" label={texts.costFields.amount} required currency={currency} />
        )}
        {amountType === 'percentage' ? (
          <Controller
            control={control}
            name="baseSalaryCostIDs"
            render={({ field }) => (
              <MultiSelect
                label={texts.costFields.bases}
                description={texts.costHints.bases}
                placeholder={field.value.length ? undefined : texts.basesPlaceholder}
                nothingFoundMessage={texts.noBases}
                data={baseCostOptions(costs, editedId)}
                value={field.value.map(String)}
                onChange={(values) => field.onChange(values.map(Number))}
                onBlur={field.onBlur}
                error={errors.baseSalaryCostIDs?.message}
              />
            )}
          />
        ) : (
          <div />
        )}
        <div>
          <ChoiceField
            control={control}
            name="distributionType"
            label={texts.costFields.distribution}
            description={texts.costHints.distribution}
            required
            data={distributionTypes.map((value) => ({ value, label: distributionTexts[value] }))}
          />
          {(distributionType as DistributionType) === 'both' ? (
            <Text size="xs" c="blue.8">
              {texts.bothInfo}
            </Text>
          ) : null}
        </div>
        <ChoiceField
          control={control}
          name="fund"
          label={texts.costFields.fund}
          description={texts.costHints.fund}
          data={salaryCostFunds.map((value) => ({ value, label: salaryCostFundLabels[value] }))}
        />
        <DateField
          control={control}
          name="targetDate"
          label={texts.costFields.targetDate}
          description={once ? texts.costHints.targetDateOnce : texts.costHints.targetDate}
          required={once}
        />
      </SimpleGrid>
    </EntityForm>
  );
}

/**
 * "Neue Lohnkosten anlegen" / "Lohnkosten bearbeiten" / "Lohnkosten klonen" (docs/web.md
 * "Mitarbeitende (Detailseite)").
 */
export function openCostDialog(
  mode: CostDialogMode,
  context: { salary: Salary; costs: readonly SalaryCost[] },
): Promise<SalaryCost | null | undefined> {
  return openDialog<SalaryCost | null>({
    header: titles[mode.kind],
    content: (dialog) => <CostForm mode={mode} {...context} dialog={dialog} />,
  });
}
