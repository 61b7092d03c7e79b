import { Group, TextInput } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { employeeUpdateSchema, type EmployeeDetail } from '@saldopilot/shared';
import { DateField } from '../../../components/form/date-input';
import { refusedSave } from '../../../components/form/entity-changes';
import { Form } from '../../../components/form/form';
import { InlineMessage, useInlineMessage } from '../../../components/form/inline-message';
import { SubmitButton } from '../../../components/form/submit-button';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { updateEmployee } from '../api/update-employee';
import { employeeTexts as texts } from './employee-texts';

/**
 * "Allgemeine Informationen": the name, the birth date (for BVG by age, docs/salary-rules.md) and
 * "Speichern", enabled once changed.
 */
export function EmployeeNameForm({ employee, canEdit }: { employee: EmployeeDetail; canEdit: boolean }) {
  const [message, showMessage] = useInlineMessage();
  const {
    register,
    handleSubmit,
    control,
    reset,
    setError,
    formState: { errors },
  } = useSchemaForm(employeeUpdateSchema, {
    defaultValues: { name: employee.name, birthDate: employee.birthDate },
  });

  const submit = handleSubmit(async (values) => {
    try {
      const saved = await updateEmployee(employee.id, { ...values, birthDate: values.birthDate ?? null });
      reset({ name: saved.name, birthDate: saved.birthDate });
      showMessage({ severity: 'success', text: texts.updated });
    } catch (error) {
      const refused = refusedSave(error, ['name', 'birthDate']);
      for (const [field, fieldMessage] of refused.fields) {
        setError(field as 'name' | 'birthDate', { message: fieldMessage });
      }
      showMessage({ severity: 'error', text: texts.updateFailed, detail: refused.detail });
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
        <DateField
          control={control}
          name="birthDate"
          label={texts.birthDate}
          description={texts.birthDateHint}
          inputWrapperOrder={['label', 'input', 'error', 'description']}
          readOnly={!canEdit}
          style={{ flex: '1 1 12rem' }}
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
