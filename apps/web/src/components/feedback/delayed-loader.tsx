import { useEffect, useState } from 'react';
import { Center, Loader } from '@mantine/core';
import { LOADING_OVERLAY_DELAY_MS } from '@saldopilot/shared';

/** A centred spinner that appears only when loading takes longer than 300 ms (no flash). */
export function DelayedLoader() {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setVisible(true), LOADING_OVERLAY_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  if (!visible) return null;
  return (
    <Center h="100dvh" role="status" aria-label="Wird geladen">
      <Loader aria-hidden />
    </Center>
  );
}
