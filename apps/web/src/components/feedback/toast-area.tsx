import { useEffect, useRef } from 'react';
import { Button, Notification, type MantineColor } from '@mantine/core';
import { IconAlertTriangle, IconBell, IconCheck, IconInfoCircle, IconMessage, IconX } from '@tabler/icons-react';
import { closeToast, showPendingToast, toastStore, type ShownToast, type ToastSeverity } from '../../lib/toast';
import { useStore } from '../../lib/store';
import classes from './toast-area.module.css';

const looks: Record<ToastSeverity, { color: MantineColor; Icon: typeof IconInfoCircle }> = {
  info: { color: 'blue', Icon: IconInfoCircle },
  success: { color: 'green', Icon: IconCheck },
  warn: { color: 'orange', Icon: IconAlertTriangle },
  error: { color: 'red', Icon: IconX },
  secondary: { color: 'gray', Icon: IconBell },
  contrast: { color: 'dark', Icon: IconMessage },
};

/**
 * One toast: closes itself after its life. The timer pauses while the pointer is over the toast or
 * the keyboard focus is in it, and goes on with the time that was left (docs/product.md "Overlays, toasts and dialogs").
 */
function Toast({ toast }: { toast: ShownToast }) {
  const remaining = useRef(toast.lifeMs);
  const startedAt = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const start = () => {
    if (timer.current !== undefined) return;
    startedAt.current = Date.now();
    timer.current = setTimeout(() => closeToast(toast.key), remaining.current);
  };
  const pause = () => {
    if (timer.current === undefined) return;
    clearTimeout(timer.current);
    timer.current = undefined;
    remaining.current = Math.max(0, remaining.current - (Date.now() - startedAt.current));
  };

  useEffect(() => {
    start();
    return pause;
    // The toast's life starts once, when it appears.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const { color, Icon } = looks[toast.severity];
  return (
    <Notification
      className={classes.toast}
      data-severity={toast.severity}
      role={toast.severity === 'error' || toast.severity === 'warn' ? 'alert' : 'status'}
      color={color}
      icon={<Icon size={20} stroke={2} aria-hidden />}
      title={toast.summary}
      withCloseButton={toast.closable}
      closeButtonProps={{ 'aria-label': 'Meldung schliessen' }}
      onClose={() => closeToast(toast.key)}
      onMouseEnter={pause}
      onMouseLeave={start}
      onFocus={pause}
      onBlur={start}
      withBorder
      radius="md"
    >
      {toast.detail}
      {toast.action ? (
        <Button
          display="block"
          mt={6}
          size="compact-sm"
          variant="outline"
          onClick={() => {
            closeToast(toast.key);
            toast.action?.run();
          }}
        >
          {toast.action.label}
        </Button>
      ) : null}
    </Notification>
  );
}

/** The app's single toast area, bottom-center (docs/product.md "Application shell", "Constants"). */
export function ToastArea() {
  const toasts = useStore(toastStore);
  useEffect(() => showPendingToast(), []);
  return (
    <section className={classes.area} aria-label="Meldungen">
      {toasts.map((toast) => (
        <Toast key={toast.key} toast={toast} />
      ))}
    </section>
  );
}
