import type { ReactNode } from 'react';
import { Button, Group, type ButtonProps } from '@mantine/core';
import type { Control, FieldValues } from 'react-hook-form';
import { InlineMessage, type InlineMessageValue } from './inline-message';
import { SubmitButton } from './submit-button';

/**
 * The foot of a form in a dialog: "Abbrechen" and the submit button on the right, the form's
 * result message below them.
 */
export function DialogFormActions<Fields extends FieldValues, Context, Submitted extends FieldValues>({
  control,
  onCancel,
  cancelLabel = 'Abbrechen',
  submitLabel,
  icon,
  color,
  message,
}: {
  control: Control<Fields, Context, Submitted>;
  onCancel: () => void;
  cancelLabel?: string;
  submitLabel: string;
  icon: ReactNode;
  color?: ButtonProps['color'];
  message: InlineMessageValue | null;
}) {
  return (
    <>
      <Group justify="flex-end" gap="sm" mt="xs">
        <Button variant="default" onClick={onCancel}>
          {cancelLabel}
        </Button>
        <SubmitButton control={control as Control<FieldValues>} color={color} icon={icon}>
          {submitLabel}
        </SubmitButton>
      </Group>
      <InlineMessage message={message} />
    </>
  );
}
