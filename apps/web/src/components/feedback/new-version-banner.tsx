import { useEffect, useState } from 'react';
import { Button, Group, Paper, Text, Transition } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { fetchDeployedBuildId, isNewerBuild, VERSION_CHECK_INTERVAL_MS } from '../../lib/version-check';
import classes from './new-version-banner.module.css';

/** Asks every 5 minutes and whenever the window gets the focus whether a newer build was deployed. */
function useNewerBuildAvailable(): boolean {
  const [available, setAvailable] = useState(false);
  useEffect(() => {
    if (available) return undefined;
    let cancelled = false;
    const check = async () => {
      const deployed = await fetchDeployedBuildId();
      if (!cancelled && isNewerBuild(__BUILD_ID__, deployed)) setAvailable(true);
    };
    const interval = setInterval(check, VERSION_CHECK_INTERVAL_MS);
    window.addEventListener('focus', check);
    return () => {
      cancelled = true;
      clearInterval(interval);
      window.removeEventListener('focus', check);
    };
  }, [available]);
  return available;
}

/** The new-version banner (docs/product.md "Application shell"): slides in at the bottom-right; "Neu laden" forces a reload. */
export function NewVersionBanner() {
  const available = useNewerBuildAvailable();
  return (
    <Transition mounted={available} transition="slide-up" duration={300}>
      {(style) => (
        <Paper className={classes.banner} style={style} role="status" shadow="lg" radius="md" p="sm">
          <Group gap="sm" wrap="nowrap" justify="space-between">
            <Text size="sm" c="inherit">
              Es gibt eine neue Version dieser Webseite
            </Text>
            <Button
              size="xs"
              color="violet"
              leftSection={<IconRefresh size={14} aria-hidden />}
              onClick={() => window.location.reload()}
            >
              Neu laden
            </Button>
          </Group>
        </Paper>
      )}
    </Transition>
  );
}
