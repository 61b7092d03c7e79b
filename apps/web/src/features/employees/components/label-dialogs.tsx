import { useState } from 'react';
import { Button, Group, TextInput } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { salaryCostLabelCreateSchema, type SalaryCostLabel } from '@saldopilot/shared';
import { Form } from '../../../components/form/form';
import { InlineMessage, type InlineMessageValue } from '../../../components/form/inline-message';
import { SubmitButton } from '../../../components/form/submit-button';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { ApiError } from '../../../lib/api-error';
import { openDialog } from '../../../lib/dialog';
import { showToast } from '../../../lib/toast';
import { confirmDestructive } from '../../../lib/user-action';
import { createCostLabel } from '../api/create-cost-label';
import { deleteCostLabel } from '../api/delete-cost-label';
import { updateCostLabel } from '../api/update-cost-label';
import { employeeTexts as texts } from './employee-texts';

function LabelForm({ label, close }: { label: SalaryCostLabel | undefined; close: (saved?: SalaryCostLabel) => void }) {
  const [message, setMessage] = useState<InlineMessageValue | null>(null);
  const {
    register,
    handleSubmit,
    control,
    setError,
    formState: { errors },
  } = useSchemaForm(salaryCostLabelCreateSchema, { defaultValues: { name: label?.name ?? '' } });

  const submit = handleSubmit(async (values) => {
    setMessage(null);
    try {
      const saved = label ? await updateCostLabel(label.id, values) : await createCostLabel(values);
      showToast({
        severity: 'success',
        summary: texts.success,
        detail: label ? texts.labelUpdated : texts.labelCreated(saved.name),
      });
      close(saved);
    } catch (error) {
      const fieldMessage = error instanceof ApiError ? error.fields?.name : undefined;
      if (fieldMessage) setError('name', { message: fieldMessage });
      setMessage({
        severity: 'error',
        text: label ? texts.labelUpdateFailed : texts.labelCreateFailed,
        detail: error instanceof ApiError ? error.message : undefined,
      });
    }
  });

  return (
    <Form onSubmit={submit} aria-label={label ? texts.labelEditTitle : texts.labelCreateTitle}>
      <TextInput
        label={texts.labelField}
        required
        data-autofocus
        autoComplete="off"
        placeholder={texts.labelPlaceholder}
        error={errors.name?.message}
        {...register('name')}
      />
      <Group justify="flex-end" gap="sm" mt="sm">
        <Button variant="default" onClick={() => close()}>
          {texts.cancel}
        </Button>
        <SubmitButton control={control} icon={<IconDeviceFloppy size={18} aria-hidden />}>
          {texts.save}
        </SubmitButton>
      </Group>
      <InlineMessage message={message} />
    </Form>
  );
}

/**
 * "Neues Kostenlabel anlegen" / "Kostenlabel bearbeiten" (docs/web.md "Mitarbeitende (Detailseite)"); answers
 * the saved label.
 */
export function openLabelDialog(label?: SalaryCostLabel): Promise<SalaryCostLabel | undefined> {
  return openDialog<SalaryCostLabel>({
    header: label ? texts.labelEditTitle : texts.labelCreateTitle,
    size: 'compact',
    content: ({ close }) => <LabelForm label={label} close={close} />,
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
