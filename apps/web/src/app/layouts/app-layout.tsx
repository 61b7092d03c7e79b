import { useEffect } from 'react';
import { Anchor, AppShell, Burger, Drawer, Group } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { Z_INDEX } from '@saldopilot/shared';
import { Link, Outlet } from 'react-router';
import { MainNavigation } from '../../components/shell/main-navigation';
import { ServerDateNote } from '../../components/shell/server-date-note';
import { StartupData } from '../../components/shell/startup-data';
import { Wordmark } from '../../components/wordmark';
import { useChangeStream } from '../../lib/realtime';
import { useSignedInUser } from '../../reference-data/profile';
import { pathTo } from '../../config/routes';
import classes from './app-layout.module.css';

const MAIN_ID = 'inhalt';

/**
 * The first stop of the keyboard, shown only when focused: past the menu (eight stops) straight to
 * the page. It moves the focus itself; a "#inhalt" in the address would be a navigation.
 */
function SkipLink() {
  return (
    <a
      href={`#${MAIN_ID}`}
      className={classes.skipLink}
      onClick={(event) => {
        event.preventDefault();
        document.getElementById(MAIN_ID)?.focus();
      }}
    >
      Zum Inhalt springen
    </a>
  );
}

// Below 640 px the side menu gives way to the top bar and the drawer (docs/product.md "Navigation", docs/web.md "Shell").
const SMALL_SCREEN = '(max-width: 639.98px)';

/** The frame of the signed-in pages (docs/product.md "Application shell"); loaded lazily as a route module. */
export function Component() {
  const user = useSignedInUser();
  // Read synchronously: the first paint already has the right frame, no jump.
  const small = useMediaQuery(SMALL_SCREEN, undefined, { getInitialValueInEffect: false });
  const [drawerOpened, drawer] = useDisclosure(false);
  // Another member's changes, only while signed in (docs/web.md "Realtime"): /auth never opens it.
  useChangeStream(user.currentOrganisationId);

  useEffect(() => {
    if (!small) drawer.close();
  }, [small, drawer]);

  const home = (
    <Anchor component={Link} to={pathTo('index')} underline="never" c="inherit" aria-label="SaldoPilot, zur Prognose">
      <Wordmark />
    </Anchor>
  );

  return (
    <AppShell
      header={{ height: 56, collapsed: !small }}
      navbar={{ width: 256, breakpoint: 640, collapsed: { mobile: true } }}
      padding={{ base: 'sm', xs: 'md', md: 'lg' }}
    >
      <SkipLink />
      {small ? (
        <AppShell.Header className={classes.header}>
          <Group h="100%" px="md" justify="space-between" wrap="nowrap">
            {home}
            <Burger
              opened={drawerOpened}
              onClick={drawer.toggle}
              aria-label={drawerOpened ? 'Menü schliessen' : 'Menü öffnen'}
              aria-expanded={drawerOpened}
              aria-controls="main-menu-drawer"
              size="sm"
            />
          </Group>
        </AppShell.Header>
      ) : (
        <AppShell.Navbar p="md" className={classes.navbar} aria-label="Seitenleiste">
          <AppShell.Section mb="lg" mt={4} px={4}>
            {home}
          </AppShell.Section>
          <AppShell.Section grow>
            <MainNavigation />
          </AppShell.Section>
        </AppShell.Navbar>
      )}
      <StartupData user={user} />
      <AppShell.Main id={MAIN_ID} tabIndex={-1} className={classes.main}>
        <div className={classes.content}>
          <Outlet />
        </div>
        <ServerDateNote />
      </AppShell.Main>
      <Drawer
        id="main-menu-drawer"
        opened={drawerOpened && small}
        onClose={drawer.close}
        position="right"
        size="18rem"
        title="Menü"
        zIndex={Z_INDEX.menu}
        closeButtonProps={{ 'aria-label': 'Menü schliessen' }}
        styles={{ title: { fontWeight: 600, fontSize: 'var(--mantine-font-size-lg)' } }}
      >
        <MainNavigation onNavigate={drawer.close} />
      </Drawer>
    </AppShell>
  );
}
