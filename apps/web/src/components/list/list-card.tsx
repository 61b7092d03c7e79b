import type { ReactNode } from 'react';
import { Card, Group, Stack, Text } from '@mantine/core';
import classes from './data-list.module.css';

/**
 * A card of the grid view (docs/web.md "Lists"): the title, its buttons on the right (clone, edit),
 * then the details in small text.
 */
export function ListCard({ title, actions, children }: { title: ReactNode; actions?: ReactNode; children: ReactNode }) {
  return (
    <Card withBorder padding="md" radius="md" className={classes.card}>
      {/* In a narrow card the buttons move below the title rather than squeeze it to a few letters. */}
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs" mb="xs">
        <Text fw={600} className={classes.cardTitle} component="h2">
          {title}
        </Text>
        {actions ? (
          <Group gap={4} wrap="nowrap">
            {actions}
          </Group>
        ) : null}
      </Group>
      <Stack gap={4} fz="sm">
        {children}
      </Stack>
    </Card>
  );
}
