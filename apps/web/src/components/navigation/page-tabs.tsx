import { Group, UnstyledButton } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import { Link } from 'react-router';
import { pathTo, type RouteName } from '../../config/routes';
import classes from './page-tabs.module.css';

export interface PageTab<Key extends string> {
  key: Key;
  label: string;
  route: RouteName;
  icon: Icon;
}

/** The tab whose route is the address or lies above it. */
export function activePageTab<Key extends string>(tabs: readonly PageTab<Key>[], pathname: string): Key | undefined {
  return tabs.find(({ route }) => pathname === pathTo(route) || pathname.startsWith(`${pathTo(route)}/`))?.key;
}

/**
 * The tabs of a page with views at addresses of their own (Einstellungen; Prognose and Plan/Ist):
 * links in a labelled navigation, the current one marked (`aria-current="page"`).
 */
export function PageTabs<Key extends string>({
  label,
  tabs,
  active,
  onSelect,
}: {
  label: string;
  tabs: readonly PageTab<Key>[];
  active: Key | undefined;
  /** Called at the click, before the navigation (Einstellungen remembers the tab). */
  onSelect?: (key: Key) => void;
}) {
  return (
    <nav aria-label={label} className={classes.tabs}>
      <Group gap={0} wrap="nowrap">
        {tabs.map(({ key, label: tabLabel, route, icon: TabIcon }) => (
          <UnstyledButton
            key={key}
            component={Link}
            to={pathTo(route)}
            onClick={() => onSelect?.(key)}
            className={classes.tab}
            data-active={key === active || undefined}
            aria-current={key === active ? 'page' : undefined}
          >
            <TabIcon size={18} stroke={1.75} aria-hidden />
            <span>{tabLabel}</span>
          </UnstyledButton>
        ))}
      </Group>
    </nav>
  );
}
