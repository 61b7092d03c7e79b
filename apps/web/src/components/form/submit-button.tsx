import type { ReactNode } from 'react';
import { Button, type ButtonProps } from '@mantine/core';
import { useFormState, type Control, type FieldValues } from 'react-hook-form';

/**
 * The submit button of the app's forms (research §3): disabled until the form is valid and
 * changed, busy while it is sent.
 */
export function SubmitButton<Fields extends FieldValues>({
  control,
  icon,
  children,
  ...buttonProps
}: { control: Control<Fields>; icon: ReactNode; children: ReactNode } & Omit<ButtonProps, 'leftSection'>) {
  const { isValid, isDirty, isSubmitting } = useFormState({ control });
  return (
    <Button type="submit" leftSection={icon} disabled={!isValid || !isDirty} loading={isSubmitting} {...buttonProps}>
      {children}
    </Button>
  );
}
