import type { ReactNode } from 'react';
import { Group, TextInput } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import type { Control, FieldErrors, UseFormRegister } from 'react-hook-form';
import { organisationCreateSchema, type OrganisationCreate } from '@saldopilot/shared';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { Form } from '../../../components/form/form';
import { SubmitButton } from '../../../components/form/submit-button';
import { CurrencyField } from '../../../components/form/currency-field';
import { organisationTexts } from './organisation-texts';

/** Name and main currency of an organisation: the fields of the create dialog and the settings form. */
export function OrganisationFields({
  register,
  control,
  errors,
  readOnly = false,
}: {
  register: UseFormRegister<OrganisationCreate>;
  control: Control<OrganisationCreate>;
  errors: FieldErrors<OrganisationCreate>;
  readOnly?: boolean;
}) {
  return (
    <>
      <TextInput
        label={organisationTexts.name}
        required
        readOnly={readOnly}
        variant={readOnly ? 'filled' : 'default'}
        error={errors.name?.message}
        data-autofocus
        {...register('name')}
      />
      <CurrencyField
        control={control}
        name="currencyId"
        label={organisationTexts.currency}
        description={organisationTexts.currencyHint}
        readOnly={readOnly}
      />
    </>
  );
}

/**
 * Editing an organisation in the settings (the dialog "Neue Organisation anlegen" is an entity
 * dialog with the same fields). Saving is possible once something changed and everything is valid.
 */
export function OrganisationForm({
  values,
  onSubmit,
  readOnly = false,
  label,
  children,
}: {
  values: OrganisationCreate;
  onSubmit: (values: OrganisationCreate, reset: (values: OrganisationCreate) => void) => Promise<void>;
  readOnly?: boolean;
  label: string;
  /** Shown below the buttons (the result message). */
  children?: ReactNode;
}) {
  const {
    register,
    handleSubmit,
    reset,
    control,
    formState: { errors },
  } = useSchemaForm(organisationCreateSchema, { values, resetOptions: { keepDirtyValues: true } });

  return (
    <Form onSubmit={handleSubmit((input) => onSubmit(input, reset))} aria-label={label}>
      <OrganisationFields register={register} control={control} errors={errors} readOnly={readOnly} />
      {readOnly ? null : (
        <Group justify="flex-start" mt="xs" gap="sm">
          <SubmitButton control={control} icon={<IconDeviceFloppy size={18} aria-hidden />}>
            {organisationTexts.save}
          </SubmitButton>
        </Group>
      )}
      {children}
    </Form>
  );
}
