import type { ReactNode } from 'react';
import { Button, Group, TextInput } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { organisationCreateSchema, type OrganisationCreate } from '@saldopilot/shared';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { Form } from '../../../components/form/form';
import { SubmitButton } from '../../../components/form/submit-button';
import { CurrencyField } from '../../../components/form/currency-field';
import { organisationTexts } from './organisation-texts';

/**
 * Name and main currency of an organisation, for creating one (dialog) and editing one (settings).
 * Saving is possible once something changed and everything is valid.
 */
export function OrganisationForm({
  values,
  onSubmit,
  readOnly = false,
  onCancel,
  label,
  children,
}: {
  values: Partial<OrganisationCreate>;
  onSubmit: (values: OrganisationCreate, reset: (values: OrganisationCreate) => void) => Promise<void>;
  readOnly?: boolean;
  onCancel?: () => void;
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
  } = useSchemaForm(organisationCreateSchema, {
    values: { name: values.name ?? '', currencyId: values.currencyId as number },
    resetOptions: { keepDirtyValues: true },
  });

  return (
    <Form onSubmit={handleSubmit((input) => onSubmit(input, reset))} aria-label={label}>
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
      {readOnly ? null : (
        <Group justify={onCancel ? 'flex-end' : 'flex-start'} mt="xs" gap="sm">
          {onCancel ? (
            <Button variant="default" onClick={onCancel}>
              {organisationTexts.cancel}
            </Button>
          ) : null}
          <SubmitButton control={control} icon={<IconDeviceFloppy size={18} aria-hidden />}>
            {organisationTexts.save}
          </SubmitButton>
        </Group>
      )}
      {children}
    </Form>
  );
}
