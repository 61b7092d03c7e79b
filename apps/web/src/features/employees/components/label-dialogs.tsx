import { TextInput } from '@mantine/core';
import { salaryCostLabelCreateSchema, type SalaryCostLabel } from '@saldopilot/shared';
import { EntityForm } from '../../../components/form/entity-dialog';
import { useEntityForm } from '../../../components/form/use-entity-form';
import { schemaResolver } from '../../../components/form/use-schema-form';
import { changeCollections } from '../../../lib/remote-changes';
import { openDialog, type DialogControls } from '../../../lib/dialog';
import { showToast } from '../../../lib/toast';
import { confirmDestructive } from '../../../lib/user-action';
import { createCostLabel } from '../api/create-cost-label';
import { deleteCostLabel } from '../api/delete-cost-label';
import { updateCostLabel } from '../api/update-cost-label';
import { employeeTexts as texts } from './employee-texts';

const resolver = schemaResolver(salaryCostLabelCreateSchema);
const titles = { create: texts.labelCreateTitle, edit: texts.labelEditTitle } as const;

function LabelForm({
  label,
  dialog,
}: {
  label: SalaryCostLabel | undefined;
  dialog: DialogControls<SalaryCostLabel | null>;
}) {
  const entity = useEntityForm({
    dialog,
    mode: label ? 'edit' : 'create',
    live: label && { collection: changeCollections.salaryCostLabels, id: label.id },
    titles,
    resolver,
    defaultValues: { name: label?.name ?? '' },
    save: {
      create: createCostLabel,
      update: (_changes, request) => updateCostLabel(label?.id ?? 0, request),
    },
    saved: (saved, mode) => (mode === 'edit' ? texts.labelUpdated : texts.labelCreated(saved.name)),
    failed: { create: texts.labelCreateFailed, update: texts.labelUpdateFailed },
  });
  const {
    register,
    formState: { errors },
  } = entity.form;

  return (
    <EntityForm entity={entity}>
      <TextInput
        label={texts.labelField}
        required
        data-autofocus
        autoComplete="off"
        placeholder={texts.labelPlaceholder}
        error={errors.name?.message}
        {...register('name')}
      />
    </EntityForm>
  );
}

/**
 * "Neues Kostenlabel anlegen" / "Kostenlabel bearbeiten" (docs/web.md "Mitarbeitende (Detailseite)"); answers
 * the saved label.
 */
export function openLabelDialog(label?: SalaryCostLabel): Promise<SalaryCostLabel | null | undefined> {
  return openDialog<SalaryCostLabel | null>({
    header: label ? texts.labelEditTitle : texts.labelCreateTitle,
    size: 'compact',
    content: (dialog) => <LabelForm label={label} dialog={dialog} />,
  });
}

/** Deletes a label after asking; answers whether it was deleted. */
export async function removeLabel(label: SalaryCostLabel): Promise<boolean> {
  const confirmed = await confirmDestructive({ header: texts.delete, message: texts.deleteLabelQuestion(label.name) });
  if (!confirmed) return false;
  try {
    await deleteCostLabel(label.id);
  } catch {
    showToast({ severity: 'error', summary: texts.error, detail: texts.labelDeleteFailed(label.name) });
    return false;
  }
  showToast({ severity: 'success', summary: texts.success, detail: texts.labelDeleted(label.name) });
  return true;
}
