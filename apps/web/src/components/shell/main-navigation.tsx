import { NavLink, Stack } from '@mantine/core';
import {
  IconBuildingBank,
  IconChartLine,
  IconCash,
  IconLayoutList,
  IconGitBranch,
  IconLogout,
  IconSettings,
  IconUsers,
  type Icon,
} from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { pathTo, type RouteName } from '../../config/routes';
import { confirm } from '../../lib/confirm';
import { useOrganisations } from '../../reference-data/organisations';
import { logout } from '../../reference-data/session';
import { OrganisationSelect } from './organisation-select';
import classes from './main-navigation.module.css';

interface Entry {
  label: string;
  route: RouteName;
  icon: Icon;
  /** Path prefixes that count as this entry being active. */
  prefixes: string[];
}

// The main navigation of docs/product.md "Navigation", in its order; "Abmelden" follows as an action.
const entries: Entry[] = [
  { label: 'Übersicht', route: 'overview', icon: IconLayoutList, prefixes: [pathTo('overview')] },
  { label: 'Prognose', route: 'index', icon: IconChartLine, prefixes: [pathTo('forecasts')] },
  { label: 'Szenarien', route: 'scenarios', icon: IconGitBranch, prefixes: [pathTo('scenarios')] },
  { label: 'Mitarbeitende', route: 'employees', icon: IconUsers, prefixes: [pathTo('employees')] },
  { label: 'Transaktionen', route: 'transactions', icon: IconCash, prefixes: [pathTo('transactions')] },
  { label: 'Bankkonten', route: 'bank-accounts', icon: IconBuildingBank, prefixes: [pathTo('bank-accounts')] },
  { label: 'Einstellungen', route: 'settings', icon: IconSettings, prefixes: [pathTo('settings')] },
];

export const logoutTexts = { header: 'Abmelden', question: 'Möchten Sie sich wirklich abmelden?' } as const;

function isActive(entry: Entry, pathname: string): boolean {
  if (pathname === pathTo(entry.route)) return true;
  return entry.prefixes.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

/** Asks, signs out on the server and leaves for the login page with a fresh app (docs/product.md "Logout"). */
async function confirmLogout() {
  const accepted = await confirm({ header: logoutTexts.header, message: logoutTexts.question, icon: 'warning' });
  if (!accepted) return;
  await logout();
  window.location.assign(pathTo('auth'));
}

/** The organisation dropdown and the main navigation; the side menu and the mobile drawer show it. */
export function MainNavigation({ onNavigate }: { onNavigate?: () => void }) {
  const { pathname } = useLocation();
  // The Übersicht only for a member of more than one organisation (docs/cockpit.md "The start page").
  const several = (useOrganisations().data?.length ?? 0) > 1;
  const shown = entries.filter((entry) => entry.route !== 'overview' || several);
  return (
    <Stack gap="md">
      <OrganisationSelect />
      <nav aria-label="Hauptnavigation">
        <Stack gap={4} component="ul" className={classes.list}>
          {shown.map((entry) => {
            const active = isActive(entry, pathname);
            return (
              <li key={entry.route}>
                <NavLink
                  component={Link}
                  to={pathTo(entry.route)}
                  label={entry.label}
                  leftSection={<entry.icon size={20} stroke={1.75} aria-hidden />}
                  active={active}
                  aria-current={active ? 'page' : undefined}
                  onClick={onNavigate}
                  className={classes.link}
                />
              </li>
            );
          })}
          <li>
            <NavLink
              component="button"
              type="button"
              label="Abmelden"
              leftSection={<IconLogout size={20} stroke={1.75} aria-hidden />}
              onClick={() => {
                onNavigate?.();
                void confirmLogout();
              }}
              className={classes.link}
            />
          </li>
        </Stack>
      </nav>
    </Stack>
  );
}
