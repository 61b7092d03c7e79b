import { useState } from 'react';
import { Button, Group, Modal, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconHelpCircle, IconInfoCircle } from '@tabler/icons-react';
import { DIALOG, Z_INDEX } from '@saldopilot/shared';
import { confirmStore, type OpenConfirm } from '../../lib/confirm';
import { handledEscapes } from '../../lib/dialog';
import { useStore } from '../../lib/store';
import classes from './app-dialog.module.css';

const icons = { question: IconHelpCircle, warning: IconAlertTriangle, info: IconInfoCircle };
const iconColors = { question: 'blue', warning: 'orange', info: 'blue' };

/**
 * The one confirm dialog (docs/product.md "Overlays, toasts and dialogs"): accept and reject both close it; the focus starts on accept
 * unless the question asks for reject. Escape counts as reject. Not draggable.
 */
export function ConfirmDialogHost() {
  const open = useStore(confirmStore);
  // The last question stays rendered while the dialog plays its closing animation.
  const [shown, setShown] = useState<OpenConfirm | null>(open);
  if (open !== null && open !== shown) setShown(open);
  const request = open ?? shown;
  const focus = request?.defaultFocus ?? 'accept';
  const Icon = request?.icon ? icons[request.icon] : undefined;
  return (
    <Modal
      opened={open !== null}
      onClose={() => open?.resolve(false)}
      transitionProps={{ duration: DIALOG.closeAnimationMs }}
      title={request?.header}
      centered
      size="28rem"
      // Above every dialog it asks about (delete, discard) and their dropdowns and tooltips: at the
      // dialogs' own level, a dialog opened after this host mounted lay above the question.
      zIndex={Z_INDEX.modal + 30}
      __handledEscapeEvents={handledEscapes}
      closeButtonProps={{ 'aria-label': 'Dialog schliessen' }}
      classNames={{ content: classes.content }}
      styles={{ title: { fontWeight: 600, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      {request ? (
        <>
          <Group gap="sm" wrap="nowrap" align="flex-start">
            {Icon ? (
              <ThemeIcon
                variant="light"
                color={request.icon ? iconColors[request.icon] : undefined}
                radius="xl"
                size="lg"
              >
                <Icon size={20} aria-hidden />
              </ThemeIcon>
            ) : null}
            <Text pt={Icon ? 6 : 0}>{request.message}</Text>
          </Group>
          <Group justify="flex-end" mt="lg" gap="sm">
            <Button
              variant="default"
              onClick={() => open?.resolve(false)}
              data-autofocus={focus === 'reject' || undefined}
            >
              {request.rejectLabel ?? 'Nein'}
            </Button>
            <Button
              color={request.danger ? 'red' : undefined}
              onClick={() => open?.resolve(true)}
              data-autofocus={focus === 'accept' || undefined}
            >
              {request.acceptLabel ?? 'Ja'}
            </Button>
          </Group>
        </>
      ) : null}
    </Modal>
  );
}
