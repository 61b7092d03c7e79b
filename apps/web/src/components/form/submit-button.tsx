import type { ReactNode } from 'react';
import { Button, type ButtonProps } from '@mantine/core';
import { useFormState, type Control, type FieldValues } from 'react-hook-form';

/**
 * The submit button of the app's forms (docs/web.md "Forms and dialogs"): disabled until the form
 * is valid and changed, busy while it is sent. `requireChange={false}` for a clone, which may be
 * saved as it was pre-filled.
 */
export function SubmitButton<Fields extends FieldValues>({
  control,
  icon,
  children,
  requireChange = true,
  ...buttonProps
}: { control: Control<Fields>; icon: ReactNode; children: ReactNode; requireChange?: boolean } & Omit<
  ButtonProps,
  'leftSection'
>) {
  const { isValid, isDirty, isSubmitting } = useFormState({ control });
  return (
    <Button
      type="submit"
      leftSection={icon}
      disabled={!isValid || (requireChange && !isDirty)}
      loading={isSubmitting}
      {...buttonProps}
    >
      {children}
    </Button>
  );
}
