import { Title } from '@mantine/core';
import { Outlet } from 'react-router';
import type { RouteHandle } from '../../lib/document-title';

export const handle = { title: 'Organisationen' } satisfies RouteHandle;

// The selected organisation (settings-organisations-id) renders below the list.
export function Component() {
  return (
    <>
      <Title order={2}>{handle.title}</Title>
      <Outlet />
    </>
  );
}
