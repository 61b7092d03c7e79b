import type { FormEventHandler, ReactNode } from 'react';
import { Stack } from '@mantine/core';
import classes from './form.module.css';

/**
 * A form whose fields keep the line for their error message free, so a message appearing under a
 * field never pushes the rest of the form down. The browser's own validation bubbles are off: the
 * shared schemas give the German messages.
 */
export function Form({
  onSubmit,
  children,
  'aria-label': ariaLabel,
}: {
  onSubmit: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
  'aria-label'?: string;
}) {
  return (
    <form className={classes.form} onSubmit={onSubmit} noValidate aria-label={ariaLabel}>
      <Stack gap={4}>{children}</Stack>
    </form>
  );
}
