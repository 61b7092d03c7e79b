import type { ReactNode } from 'react';
import { ActionIcon, Button, Divider, Group, Tooltip } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { InlineMessage, type InlineMessageValue } from './inline-message';
import { dialogTexts } from './dialog-texts';

/**
 * The one footer of the app's dialogs (docs/web.md "Forms and dialogs"): a rule, then on the left
 * the round red delete button (edit mode only), on the right "Abbrechen" and the dialog's action
 * (the form's save button); the result message below.
 */
export function DialogFooter({
  remove,
  onCancel,
  cancelLabel = dialogTexts.cancel,
  message,
  children,
}: {
  /** The delete button's label and action; absent when nothing can be deleted (create, clone). */
  remove?: { label: string; onClick: () => void } | undefined;
  /** Leaves the dialog (`DialogControls.dismiss`: a changed dialog asks first). */
  onCancel: () => void;
  cancelLabel?: string;
  message?: InlineMessageValue | null;
  /** The save button (or the dialog's one action); none in a dialog that only shows. */
  children?: ReactNode;
}) {
  return (
    <>
      <Divider my="sm" />
      <Group justify="flex-end" gap="sm">
        {remove ? (
          <Tooltip label={remove.label}>
            <ActionIcon
              variant="outline"
              color="red"
              radius="xl"
              size="lg"
              aria-label={remove.label}
              onClick={remove.onClick}
              mr="auto"
            >
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
        ) : null}
        <Button variant="default" onClick={onCancel}>
          {cancelLabel}
        </Button>
        {children}
      </Group>
      <InlineMessage message={message ?? null} />
    </>
  );
}
