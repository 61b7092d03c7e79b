import { Group, TextInput } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { employeeUpdateSchema, type EmployeeDetail } from '@saldopilot/shared';
import { Form } from '../../../components/form/form';
import { InlineMessage, useInlineMessage } from '../../../components/form/inline-message';
import { SubmitButton } from '../../../components/form/submit-button';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { ApiError } from '../../../lib/api-error';
import { updateEmployee } from '../api/update-employee';
import { employeeTexts as texts } from './employee-texts';

/** "Allgemeine Informationen" (research §7.2): the name and "Speichern", enabled once changed. */
export function EmployeeNameForm({ employee, canEdit }: { employee: EmployeeDetail; canEdit: boolean }) {
  const [message, showMessage] = useInlineMessage();
  const {
    register,
    handleSubmit,
    control,
    reset,
    setError,
    formState: { errors },
  } = useSchemaForm(employeeUpdateSchema, { defaultValues: { name: employee.name } });

  const submit = handleSubmit(async (values) => {
    try {
      const saved = await updateEmployee(employee.id, values);
      reset({ name: saved.name });
      showMessage({ severity: 'success', text: texts.updated });
    } catch (error) {
      const fieldMessage = error instanceof ApiError ? error.fields?.name : undefined;
      if (fieldMessage) setError('name', { message: fieldMessage });
      showMessage({
        severity: 'error',
        text: texts.updateFailed,
        detail: error instanceof ApiError ? error.message : undefined,
      });
    }
  });

  return (
    <Form onSubmit={submit} aria-label={texts.general}>
      <Group align="flex-start" gap="sm" wrap="wrap">
        <TextInput
          label={texts.name}
          required
          readOnly={!canEdit}
          autoComplete="off"
          error={errors.name?.message}
          {...register('name')}
          style={{ flex: '1 1 16rem' }}
        />
        {canEdit ? (
          <SubmitButton control={control} icon={<IconDeviceFloppy size={18} aria-hidden />} mt={25}>
            {texts.save}
          </SubmitButton>
        ) : null}
      </Group>
      <InlineMessage message={message} />
    </Form>
  );
}
