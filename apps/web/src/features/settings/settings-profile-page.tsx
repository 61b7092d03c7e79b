import { Title } from '@mantine/core';
import type { RouteHandle } from '../../lib/document-title';

export const handle = { title: 'Profil' } satisfies RouteHandle;

export function Component() {
  return <Title order={2}>{handle.title}</Title>;
}
