import { Group } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import type { Control, FieldValues } from 'react-hook-form';
import { InlineMessage, type InlineMessageValue } from '../../../components/form/inline-message';
import { SubmitButton } from '../../../components/form/submit-button';

/**
 * The end of a settings form: its save button for owners and admins (read-only members see the
 * values only), then the result message.
 */
export function SettingsSave<Fields extends FieldValues>({
  editable,
  control,
  label,
  message,
}: {
  editable: boolean;
  control: Control<Fields>;
  label: string;
  message: InlineMessageValue | null;
}) {
  return (
    <>
      {editable ? (
        <Group>
          <SubmitButton control={control} icon={<IconDeviceFloppy size={18} aria-hidden />}>
            {label}
          </SubmitButton>
        </Group>
      ) : null}
      <InlineMessage message={message} />
    </>
  );
}
