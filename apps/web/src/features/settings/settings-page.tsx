import { useEffect } from 'react';
import { Group, Stack, Title, UnstyledButton } from '@mantine/core';
import { IconBuilding, IconDeviceMobile, IconUser, type Icon } from '@tabler/icons-react';
import { Link, Outlet, useLocation } from 'react-router';
import { pathTo, type RouteName } from '../../app/routes';
import type { RouteHandle } from '../../lib/document-title';
import { writePreference, type PreferenceValue } from '../../lib/preferences';
import classes from './settings-page.module.css';

export const handle = { title: 'Einstellungen' } satisfies RouteHandle;

type Tab = PreferenceValue<'settingsTab'>;

const tabs: { tab: Tab; label: string; route: RouteName; icon: Icon }[] = [
  { tab: 'profile', label: 'Profil', route: 'settings-profile', icon: IconUser },
  { tab: 'organisations', label: 'Organisationen', route: 'settings-organisations', icon: IconBuilding },
  { tab: 'app', label: 'App', route: 'settings-app', icon: IconDeviceMobile },
];

function activeTab(pathname: string): Tab | undefined {
  return tabs.find(({ route }) => pathname === pathTo(route) || pathname.startsWith(`${pathTo(route)}/`))?.tab;
}

/**
 * Settings with its three tabs (docs/web.md "Einstellungen"); /settings opens the tab visited last.
 */
export function Component() {
  const { pathname } = useLocation();
  const active = activeTab(pathname);

  // Remembered for the next visit of /settings (docs/product.md "Remembered preferences": settings tab): at the click already, so a
  // reload right after it cannot beat the effect; the effect covers tabs opened by address.
  useEffect(() => {
    if (active) writePreference('settingsTab', active);
  }, [active]);

  return (
    <Stack gap="lg">
      <Title order={1}>Einstellungen</Title>
      <nav aria-label="Einstellungen" className={classes.tabs}>
        <Group gap={0} wrap="nowrap">
          {tabs.map(({ tab, label, route, icon: TabIcon }) => (
            <UnstyledButton
              key={tab}
              component={Link}
              to={pathTo(route)}
              onClick={() => writePreference('settingsTab', tab)}
              className={classes.tab}
              data-active={tab === active || undefined}
              aria-current={tab === active ? 'page' : undefined}
            >
              <TabIcon size={18} stroke={1.75} aria-hidden />
              <span>{label}</span>
            </UnstyledButton>
          ))}
        </Group>
      </nav>
      <Outlet />
    </Stack>
  );
}
