import { useId, type ReactNode } from 'react';
import { Paper, Stack, Text, Title } from '@mantine/core';

/**
 * A page's first use in a new organisation, in place of an empty list (docs/web.md "Lists"): what the
 * page is for and the button (or links) to start, in a section named by its title.
 */
export function FirstUse({
  title,
  text,
  icon,
  children,
}: {
  title: string;
  /** What to enter first and why; none for members who only read. */
  text?: ReactNode;
  icon?: ReactNode;
  /** The button or links that start; none for members who only read. */
  children?: ReactNode;
}) {
  const titleId = useId();
  return (
    <Paper withBorder radius="md" p="xl" component="section" aria-labelledby={titleId}>
      <Stack align="center" gap="sm" ta="center">
        {icon}
        <Title order={2} fz="h3" id={titleId}>
          {title}
        </Title>
        {text ? (
          <Text c="dimmed" maw="32rem">
            {text}
          </Text>
        ) : null}
        {children}
      </Stack>
    </Paper>
  );
}
