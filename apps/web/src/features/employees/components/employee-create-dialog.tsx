import { TextInput } from '@mantine/core';
import { employeeCreateSchema, type Employee } from '@saldopilot/shared';
import { DateField } from '../../../components/form/date-input';
import { EntityForm } from '../../../components/form/entity-dialog';
import { useEntityForm } from '../../../components/form/use-entity-form';
import { schemaResolver } from '../../../components/form/use-schema-form';
import { openDialog, type DialogControls } from '../../../lib/dialog';
import { createEmployee } from '../api/create-employee';
import { employeeTexts as texts } from './employee-texts';

const resolver = schemaResolver(employeeCreateSchema);

function CreateEmployeeForm({ dialog }: { dialog: DialogControls<Employee | null> }) {
  const entity = useEntityForm({
    dialog,
    mode: 'create',
    titles: { create: texts.createTitle },
    resolver,
    defaultValues: { name: '', birthDate: null },
    save: { create: createEmployee },
    saved: (created) => texts.created(created.name),
    failed: { create: texts.createFailed },
  });
  const {
    register,
    control,
    formState: { errors },
  } = entity.form;

  return (
    <EntityForm entity={entity}>
      <TextInput
        label={texts.name}
        required
        data-autofocus
        autoComplete="off"
        error={errors.name?.message}
        {...register('name')}
      />
      <DateField control={control} name="birthDate" label={texts.birthDate} description={texts.birthDateHint} />
    </EntityForm>
  );
}

/**
 * "Neuen Mitarbeiter anlegen" (docs/web.md "Mitarbeitende"): answers the created employee,
 * undefined when cancelled.
 */
export function openCreateEmployeeDialog(): Promise<Employee | null | undefined> {
  return openDialog<Employee | null>({
    header: texts.createTitle,
    size: 'compact',
    content: (dialog) => <CreateEmployeeForm dialog={dialog} />,
  });
}
