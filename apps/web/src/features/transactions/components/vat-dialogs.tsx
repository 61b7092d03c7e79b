import { useMemo } from 'react';
import { NumberInput } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { Controller } from 'react-hook-form';
import { z } from 'zod';
import { formatVatRate, vatValueSchema, type Vat } from '@saldopilot/shared';
import { Form } from '../../../components/form/form';
import { useInlineMessage } from '../../../components/form/inline-message';
import { DialogFormActions } from '../../../components/form/dialog-form-actions';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { ApiError } from '../../../lib/api-error';
import { openDialog } from '../../../lib/dialog';
import { queryClient } from '../../../lib/query-client';
import { showToast } from '../../../lib/toast';
import { confirmDestructive } from '../../../lib/user-action';
import { createVat } from '../api/create-vat';
import { deleteVat } from '../api/delete-vat';
import { getVatUsage } from '../api/get-vat-usage';
import { vatsQuery } from '../api/list-vats';
import { updateVat } from '../api/update-vat';
import { transactionTexts, vatTexts as texts } from './transaction-texts';
import '@mantine/core/styles/NumberInput.css';

/** Percent as typed (8.1) to the API's basis points (810); empty stays empty, so "wird benötigt" shows. */
function toBasisPoints(percent: unknown): unknown {
  if (percent === '' || percent === undefined || percent === null) return undefined;
  const number = typeof percent === 'number' ? percent : Number(percent);
  return Number.isFinite(number) ? Math.round(number * 100) : Number.NaN;
}

/**
 * The shared rate rules on what is typed in percent, plus the duplicate check of docs/web.md
 * "Transaktionen" against the rates the organisation already has (the edited one excepted).
 */
function vatFormSchema(existing: readonly Vat[], editedId: number | undefined) {
  return z.strictObject({
    value: z.preprocess(
      toBasisPoints,
      vatValueSchema.refine(
        (value) => !existing.some((vat) => vat.value === value && vat.id !== editedId),
        texts.exists,
      ),
    ),
  });
}

function VatForm({ vat, existing, close }: { vat?: Vat; existing: readonly Vat[]; close: (saved?: Vat) => void }) {
  const [message, showMessage] = useInlineMessage();
  const schema = useMemo(() => vatFormSchema(existing, vat?.id), [existing, vat?.id]);
  const {
    handleSubmit,
    control,
    formState: { errors },
  } = useSchemaForm(schema, { defaultValues: { value: vat ? vat.value / 100 : '' } });

  const onSubmit = handleSubmit(async ({ value }) => {
    try {
      const saved = vat ? await updateVat(vat.id, { value }) : await createVat({ value });
      showToast({
        severity: 'success',
        summary: transactionTexts.success,
        detail: vat ? texts.updated : texts.created(formatVatRate(saved.value)),
      });
      close(saved);
    } catch (error) {
      showMessage({
        severity: 'error',
        text: vat ? texts.updateFailed : texts.createFailed,
        detail: error instanceof ApiError ? error.message : undefined,
      });
    }
  });

  return (
    <Form onSubmit={onSubmit} aria-label={vat ? texts.editTitle : texts.createTitle}>
      <Controller
        control={control}
        name="value"
        render={({ field }) => (
          <NumberInput
            label={texts.value}
            placeholder={texts.valuePlaceholder}
            required
            suffix=" %"
            decimalScale={2}
            decimalSeparator="."
            allowNegative={false}
            hideControls
            data-autofocus
            value={field.value as number | string}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={errors.value?.message}
          />
        )}
      />
      <DialogFormActions
        control={control}
        onCancel={() => close()}
        cancelLabel={transactionTexts.cancel}
        submitLabel={transactionTexts.save}
        icon={<IconDeviceFloppy size={18} aria-hidden />}
        message={message}
      />
    </Form>
  );
}

/**
 * "Neue Mehrwertsteuer anlegen" / "Mehrwertsteuer bearbeiten" (docs/web.md "Transaktionen");
 * answers the saved rate.
 */
export async function openVatDialog(vat?: Vat): Promise<Vat | undefined> {
  const existing = await queryClient.ensureQueryData(vatsQuery).catch(() => [] as Vat[]);
  return openDialog<Vat>({
    header: vat ? texts.editTitle : texts.createTitle,
    size: 'compact',
    content: ({ close }) => <VatForm vat={vat} existing={existing} close={close} />,
  });
}

/**
 * Deletes an own rate after asking (docs/web.md "Transaktionen"), saying how many transactions lose
 * it. Answers whether it was deleted.
 */
export async function deleteVatAfterConfirm(vat: Vat): Promise<boolean> {
  const rate = vat.formattedValue;
  // Without the count (an older server, a failed call) the plain question of the reference is asked.
  const affected = await getVatUsage(vat.id).then(
    (usage) => usage.affected,
    () => 0,
  );
  const confirmed = await confirmDestructive({
    header: transactionTexts.delete,
    message: affected > 0 ? texts.deleteQuestionInUse(rate, affected) : texts.deleteQuestion(rate),
  });
  if (!confirmed) return false;
  try {
    await deleteVat(vat.id);
  } catch (error) {
    showToast({
      severity: 'error',
      summary: transactionTexts.error,
      detail: error instanceof ApiError ? `${texts.deleteFailed(rate)}: ${error.message}` : texts.deleteFailed(rate),
    });
    return false;
  }
  showToast({ severity: 'success', summary: transactionTexts.success, detail: texts.deleted(rate) });
  return true;
}
