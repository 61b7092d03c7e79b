import { Title } from '@mantine/core';
import type { RouteHandle } from '../../lib/document-title';

export const handle = { title: 'Mitarbeiter/in' } satisfies RouteHandle;

export function Component() {
  return <Title order={1}>{handle.title}</Title>;
}
