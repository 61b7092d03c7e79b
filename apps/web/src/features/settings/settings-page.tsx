import { Title } from '@mantine/core';
import { Outlet } from 'react-router';
import type { RouteHandle } from '../../lib/document-title';

export const handle = { title: 'Einstellungen' } satisfies RouteHandle;

// The settings tabs (app, organisations, profile) render below the heading.
export function Component() {
  return (
    <>
      <Title order={1}>{handle.title}</Title>
      <Outlet />
    </>
  );
}
