import type { ReactNode } from 'react';
import { Alert, Stack, Title } from '@mantine/core';

/**
 * Heading and grey introduction of an auth page (docs/web.md "Shell": wordmark – heading –
 * introduction – form).
 */
export function AuthHeading({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Stack gap="md" mb="lg">
      <Title order={1} fz="h2">
        {title}
      </Title>
      {children ? (
        <Alert variant="light" color="gray" role="note">
          {children}
        </Alert>
      ) : null}
    </Stack>
  );
}
