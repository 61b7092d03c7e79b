import { useEffect } from 'react';
import { Stack, Title } from '@mantine/core';
import { IconBuilding, IconDeviceMobile, IconKey, IconUser } from '@tabler/icons-react';
import { Outlet, useLocation } from 'react-router';
import { activePageTab, PageTabs, type PageTab } from '../../components/navigation/page-tabs';
import type { RouteHandle } from '../../lib/document-title';
import { writePreference, type PreferenceValue } from '../../lib/preferences';

export const handle = { title: 'Einstellungen' } satisfies RouteHandle;

type Tab = PreferenceValue<'settingsTab'>;

const tabs: PageTab<Tab>[] = [
  { key: 'profile', label: 'Profil', route: 'settings-profile', icon: IconUser },
  { key: 'organisations', label: 'Organisationen', route: 'settings-organisations', icon: IconBuilding },
  { key: 'app', label: 'App', route: 'settings-app', icon: IconDeviceMobile },
  { key: 'access', label: 'Zugriff', route: 'settings-access', icon: IconKey },
];

/**
 * Settings with its four tabs (docs/web.md "Einstellungen"); /settings opens the tab visited last.
 */
export function Component() {
  const { pathname } = useLocation();
  const active = activePageTab(tabs, pathname);

  // Remembered for the next visit of /settings (docs/product.md "Remembered preferences": settings tab): at the click already, so a
  // reload right after it cannot beat the effect; the effect covers tabs opened by address.
  useEffect(() => {
    if (active) writePreference('settingsTab', active);
  }, [active]);

  return (
    <Stack gap="lg">
      <Title order={1}>Einstellungen</Title>
      <PageTabs
        label="Einstellungen"
        tabs={tabs}
        active={active}
        onSelect={(tab) => writePreference('settingsTab', tab)}
      />
      <Outlet />
    </Stack>
  );
}
