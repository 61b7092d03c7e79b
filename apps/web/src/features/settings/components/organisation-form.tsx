import type { ReactNode } from 'react';
import { Group, TextInput } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import type { UseFormReturn } from 'react-hook-form';
import { organisationCreateSchema, type OrganisationCreate } from '@saldopilot/shared';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { Form } from '../../../components/form/form';
import { SubmitButton } from '../../../components/form/submit-button';
import { CurrencyField } from '../../../components/form/currency-field';
import { organisationTexts } from './organisation-texts';

/** Name and main currency of an organisation: the fields of the create dialog and the settings form. */
export function OrganisationFields({
  form,
  readOnly = false,
}: {
  form: Pick<UseFormReturn<OrganisationCreate>, 'register' | 'control' | 'formState'>;
  readOnly?: boolean;
}) {
  const {
    register,
    control,
    formState: { errors },
  } = form;
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
  const form = useSchemaForm(organisationCreateSchema, { values, resetOptions: { keepDirtyValues: true } });

  return (
    <Form onSubmit={form.handleSubmit((input) => onSubmit(input, form.reset))} aria-label={label}>
      <OrganisationFields form={form} readOnly={readOnly} />
      {readOnly ? null : (
        <Group justify="flex-start" mt="xs" gap="sm">
          <SubmitButton control={form.control} icon={<IconDeviceFloppy size={18} aria-hidden />}>
            {organisationTexts.save}
          </SubmitButton>
        </Group>
      )}
      {children}
    </Form>
  );
}
