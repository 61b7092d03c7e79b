import { Title } from '@mantine/core';
import type { RouteHandle } from '../../lib/document-title';

export const handle = { title: 'Organisation' } satisfies RouteHandle;

export function Component() {
  return <Title order={3}>{handle.title}</Title>;
}
