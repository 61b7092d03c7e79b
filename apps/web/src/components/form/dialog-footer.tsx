import type { ReactNode } from 'react';
import { ActionIcon, Button, Divider, Group, Tooltip } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { Z_INDEX } from '@saldopilot/shared';

/**
 * The footer of a form dialog (docs/web.md "Forms and dialogs"): a rule, then on the left the round
 * red delete button (edit mode only), on the right "Abbrechen" and the form's save button.
 */
export function DialogFooter({
  remove,
  onCancel,
  cancelLabel = 'Abbrechen',
  children,
}: {
  /** The delete button's label and action; absent when nothing can be deleted (create, clone). */
  remove?: { label: string; onClick: () => void } | undefined;
  onCancel: () => void;
  cancelLabel?: string;
  /** The save button. */
  children: ReactNode;
}) {
  return (
    <>
      <Divider my="sm" />
      <Group justify="flex-end" gap="sm">
        {remove ? (
          <Tooltip label={remove.label} zIndex={Z_INDEX.tooltip + 20}>
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
    </>
  );
}
