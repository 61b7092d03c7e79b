import { useEffect, useState } from 'react';
import { Loader, Stack, Text } from '@mantine/core';
import { LOADING_OVERLAY_DELAY_MS } from '@saldopilot/shared';
import { spinnerStore } from '../../lib/spinner';
import { useStore } from '../../lib/store';
import classes from './full-screen-spinner.module.css';

/**
 * The full-screen loading overlay (docs/product.md "Overlays, toasts and dialogs"): appears only after the show flag stayed on for 300 ms,
 * so quick work does not flash, and disappears as soon as the flag turns off.
 */
export function FullScreenSpinner() {
  const { show, text } = useStore(spinnerStore);
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    if (!show) return;
    const timer = setTimeout(() => setVisible(true), LOADING_OVERLAY_DELAY_MS);
    return () => {
      clearTimeout(timer);
      setVisible(false);
    };
  }, [show]);

  if (!visible) return null;
  return (
    <div className={classes.overlay} role="status" aria-live="polite" aria-label={text ?? 'Bitte warten'}>
      <Stack align="center" gap="sm">
        <Loader size="lg" aria-hidden />
        {text ? <Text fw={500}>{text}</Text> : null}
      </Stack>
    </div>
  );
}
