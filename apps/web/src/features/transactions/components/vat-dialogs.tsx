import { useMemo } from 'react';
import { z } from 'zod';
import { formatVatRate, vatValueSchema, type Vat } from '@saldopilot/shared';
import { EntityForm } from '../../../components/form/entity-dialog';
import { NumberField } from '../../../components/form/number-field';
import { useEntityForm } from '../../../components/form/use-entity-form';
import { schemaResolver } from '../../../components/form/use-schema-form';
import { ApiError } from '../../../lib/api-error';
import { changeKinds } from '../../../lib/remote-changes';
import { openDialog, type DialogControls } from '../../../lib/dialog';
import { queryClient } from '../../../lib/query-client';
import { showToast } from '../../../lib/toast';
import { confirmDestructive } from '../../../lib/user-action';
import { createVat } from '../api/create-vat';
import { deleteVat } from '../api/delete-vat';
import { getVatUsage } from '../api/get-vat-usage';
import { vatsQuery } from '../api/list-vats';
import { updateVat } from '../api/update-vat';
import { transactionTexts, vatTexts as texts } from './transaction-texts';

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

const titles = { create: texts.createTitle, edit: texts.editTitle } as const;

function VatForm({
  vat,
  existing,
  dialog,
}: {
  vat?: Vat;
  existing: readonly Vat[];
  dialog: DialogControls<Vat | null>;
}) {
  const resolver = useMemo(() => schemaResolver(vatFormSchema(existing, vat?.id)), [existing, vat?.id]);
  const entity = useEntityForm({
    dialog,
    mode: vat ? 'edit' : 'create',
    live: vat && { collection: changeKinds.vats, id: vat.id },
    titles,
    resolver,
    defaultValues: { value: vat ? vat.value / 100 : null },
    save: {
      create: createVat,
      update: (_changes, request) => updateVat(vat?.id ?? 0, request),
    },
    saved: (saved, mode) => (mode === 'edit' ? texts.updated : texts.created(formatVatRate(saved.value))),
    failed: { create: texts.createFailed, update: texts.updateFailed },
  });
  const { control } = entity.form;

  return (
    <EntityForm entity={entity}>
      <NumberField
        control={control}
        name="value"
        label={texts.value}
        placeholder={texts.valuePlaceholder}
        required
        suffix=" %"
        decimalScale={2}
        decimalSeparator="."
        allowNegative={false}
        hideControls
        data-autofocus
      />
    </EntityForm>
  );
}

/**
 * "Neue Mehrwertsteuer anlegen" / "Mehrwertsteuer bearbeiten" (docs/web.md "Transaktionen");
 * answers the saved rate.
 */
export async function openVatDialog(vat?: Vat): Promise<Vat | null | undefined> {
  const existing = await queryClient.ensureQueryData(vatsQuery).catch(() => [] as Vat[]);
  return openDialog<Vat | null>({
    header: vat ? texts.editTitle : texts.createTitle,
    size: 'compact',
    content: (dialog) => <VatForm vat={vat} existing={existing} dialog={dialog} />,
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
