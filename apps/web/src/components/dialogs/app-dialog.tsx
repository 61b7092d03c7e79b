import { useCallback, useRef, useState, type PointerEvent, type ReactNode } from 'react';
import {
  ActionIcon,
  CloseButton,
  createTheme,
  Group,
  MantineThemeProvider,
  Modal,
  Popover,
  Tooltip,
} from '@mantine/core';
import { IconMaximize, IconMinimize } from '@tabler/icons-react';
import { DIALOG, Z_INDEX } from '@saldopilot/shared';
import { confirmStore } from '../../lib/confirm';
import { handledEscapes } from '../../lib/dialog';
import { clampToViewport, type Offset } from '../../lib/drag';
import { useStore } from '../../lib/store';
import { closeUnlessKept } from '../../lib/unsaved-changes';
import classes from './app-dialog.module.css';

export interface AppDialogProps {
  opened: boolean;
  onClose: () => void;
  header: ReactNode;
  children: ReactNode;
  /** Dialog default (docs/product.md "Constants"): draggable by its header, kept in the viewport. */
  draggable?: boolean;
  /** Shows a button that fills the viewport with the dialog and restores it. */
  maximizable?: boolean;
  /** Closes on a click on the mask around the dialog. */
  dismissableMask?: boolean;
  closeOnEscape?: boolean;
  /**
   * Its input changed: Escape, the close button and a mask click ask "Änderungen verwerfen?" before
   * `onClose` (docs/web.md "Forms and dialogs").
   */
  dirty?: boolean;
  /** Called when the closing animation ended. */
  onExitTransitionEnd?: () => void;
  /** `compact` 28 rem, `wide` 40 rem; up to 639 px wide screens the dialog takes 90vw (docs/product.md "Constants"). */
  size?: 'compact' | 'wide';
}

const origin: Offset = { x: 0, y: 0 };

/**
 * Inside a dialog, every select's list (a popover) and every tooltip opens above the dialog, set here
 * once instead of per select; outside, Mantine's own order holds.
 */
const aboveTheDialog = createTheme({
  components: {
    Popover: Popover.extend({ defaultProps: { zIndex: Z_INDEX.modal + 10 } }),
    Tooltip: Tooltip.extend({ defaultProps: { zIndex: Z_INDEX.tooltip + 20 } }),
  },
});

/**
 * The app's dialog (docs/product.md "Overlays, toasts and dialogs", "Constants"): centred, closable, closes on Escape, optionally on a mask click;
 * can be dragged by its header within the viewport and maximised or restored. A dirty dialog asks
 * before it closes.
 */
export function AppDialog({
  opened,
  onClose,
  header,
  children,
  draggable = true,
  maximizable = false,
  dismissableMask = false,
  closeOnEscape = true,
  dirty = false,
  size = 'wide',
  onExitTransitionEnd,
}: AppDialogProps) {
  const [offset, setOffset] = useState<Offset>(origin);
  const [maximized, setMaximized] = useState(false);
  const contentRef = useRef<HTMLElement | null>(null);
  const drag = useRef<{ pointerX: number; pointerY: number; start: Offset } | undefined>(undefined);
  // Mantine hears Escape on the window: while a question is shown above the dialog (delete,
  // discard), Escape answers the question and must not close the dialog too.
  const asking = useStore(confirmStore) !== null;
  // A stable ref: Mantine's focus trap focuses the dialog's first field again whenever the
  // content's ref changes, which a new callback on every render (a dialog turning dirty) did.
  const setContent = useCallback((element: HTMLElement | null) => {
    contentRef.current = element;
  }, []);

  const onPointerDown = useCallback(
    (event: PointerEvent<HTMLElement>) => {
      if (!draggable || maximized || event.button !== 0) return;
      if ((event.target as HTMLElement).closest('button')) return;
      drag.current = { pointerX: event.clientX, pointerY: event.clientY, start: offset };
      event.currentTarget.setPointerCapture(event.pointerId);
    },
    [draggable, maximized, offset],
  );

  const onPointerMove = useCallback((event: PointerEvent<HTMLElement>) => {
    const state = drag.current;
    const content = contentRef.current;
    if (!state || !content) return;
    const wanted = {
      x: state.start.x + event.clientX - state.pointerX,
      y: state.start.y + event.clientY - state.pointerY,
    };
    // The rectangle without the current offset: clamp in the coordinates the offset moves.
    const rect = content.getBoundingClientRect();
    const base = { left: rect.left - offsetOf(content).x, top: rect.top - offsetOf(content).y };
    setOffset(
      clampToViewport(
        wanted,
        { ...base, width: rect.width, height: rect.height },
        { width: window.innerWidth, height: window.innerHeight },
      ),
    );
  }, []);

  const onPointerUp = useCallback(() => {
    drag.current = undefined;
  }, []);

  const close = () =>
    void closeUnlessKept(dirty, () => {
      setOffset(origin);
      setMaximized(false);
      onClose();
    });

  const translate = maximized ? undefined : `translate(${offset.x}px, ${offset.y}px)`;
  return (
    <MantineThemeProvider theme={aboveTheDialog}>
      <Modal.Root
        opened={opened}
        onClose={close}
        centered
        closeOnEscape={closeOnEscape && !asking}
        __handledEscapeEvents={handledEscapes}
        closeOnClickOutside={dismissableMask}
        zIndex={Z_INDEX.modal}
        fullScreen={maximized}
        size={size === 'compact' ? '28rem' : '40rem'}
        classNames={{ content: classes.content }}
        data-size={size}
        transitionProps={{ duration: DIALOG.closeAnimationMs }}
        onExitTransitionEnd={onExitTransitionEnd}
      >
        <Modal.Overlay />
        <Modal.Content
          ref={setContent}
          style={{ transform: translate }}
          data-offset-x={offset.x}
          data-offset-y={offset.y}
          data-maximized={maximized || undefined}
        >
          <Modal.Header
            className={draggable && !maximized ? classes.dragHandle : undefined}
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={onPointerUp}
            onPointerCancel={onPointerUp}
          >
            <Modal.Title fw={600} fz="lg">
              {header}
            </Modal.Title>
            <Group gap={4} wrap="nowrap">
              {maximizable ? (
                <Tooltip label={maximized ? 'Wiederherstellen' : 'Maximieren'} zIndex={Z_INDEX.tooltip}>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    aria-label={maximized ? 'Wiederherstellen' : 'Maximieren'}
                    onClick={() => {
                      setOffset(origin);
                      setMaximized((value) => !value);
                    }}
                  >
                    {maximized ? <IconMinimize size={18} aria-hidden /> : <IconMaximize size={18} aria-hidden />}
                  </ActionIcon>
                </Tooltip>
              ) : null}
              <CloseButton aria-label="Dialog schliessen" onClick={close} />
            </Group>
          </Modal.Header>
          <Modal.Body>{children}</Modal.Body>
        </Modal.Content>
      </Modal.Root>
    </MantineThemeProvider>
  );
}

function offsetOf(element: HTMLElement): Offset {
  return { x: Number(element.dataset.offsetX ?? 0), y: Number(element.dataset.offsetY ?? 0) };
}
