import { useState } from 'react';
import { Button, Group, TextInput } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { employeeCreateSchema, type Employee } from '@saldopilot/shared';
import { DateField } from '../../../components/form/date-input';
import { Form } from '../../../components/form/form';
import { InlineMessage, type InlineMessageValue } from '../../../components/form/inline-message';
import { SubmitButton } from '../../../components/form/submit-button';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { ApiError } from '../../../lib/api-error';
import { openDialog } from '../../../lib/dialog';
import { showToast } from '../../../lib/toast';
import { createEmployee } from '../api/create-employee';
import { employeeTexts as texts } from './employee-texts';

function CreateEmployeeForm({ close }: { close: (employee?: Employee) => void }) {
  const [message, setMessage] = useState<InlineMessageValue | null>(null);
  const {
    register,
    handleSubmit,
    control,
    setError,
    formState: { errors },
  } = useSchemaForm(employeeCreateSchema, { defaultValues: { name: '', birthDate: null } });

  const submit = handleSubmit(async (values) => {
    setMessage(null);
    try {
      const created = await createEmployee(values);
      showToast({ severity: 'success', summary: texts.success, detail: texts.created(created.name) });
      close(created);
    } catch (error) {
      const fields = error instanceof ApiError ? error.fields : undefined;
      for (const field of ['name', 'birthDate'] as const) {
        const fieldMessage = fields?.[field];
        if (fieldMessage) setError(field, { message: fieldMessage });
      }
      setMessage({
        severity: 'error',
        text: texts.createFailed,
        detail: error instanceof ApiError ? error.message : undefined,
      });
    }
  });

  return (
    <Form onSubmit={submit} aria-label={texts.createTitle}>
      <TextInput
        label={texts.name}
        required
        data-autofocus
        autoComplete="off"
        error={errors.name?.message}
        {...register('name')}
      />
      <DateField control={control} name="birthDate" label={texts.birthDate} description={texts.birthDateHint} />
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
 * "Neuen Mitarbeiter anlegen" (docs/web.md "Mitarbeitende"): answers the created employee,
 * undefined when cancelled.
 */
export function openCreateEmployeeDialog(): Promise<Employee | undefined> {
  return openDialog<Employee>({
    header: texts.createTitle,
    size: 'compact',
    content: ({ close }) => <CreateEmployeeForm close={close} />,
  });
}
