import type { ReactNode } from 'react';
import { Alert, Button, Group, Loader, Text } from '@mantine/core';
import { Link } from 'react-router';

/** While a mailed link is checked. */
export function LinkChecking({ children = 'Der Link wird geprüft …' }: { children?: ReactNode }) {
  return (
    <Group gap="sm" py="md" role="status">
      <Loader size="sm" aria-hidden />
      <Text>{children}</Text>
    </Group>
  );
}

/** A mailed link that is no longer valid, with the way to start again. */
export function LinkInvalid({ message, action, to }: { message: string; action: string; to: string }) {
  return (
    <>
      <Alert color="red" variant="light" role="alert">
        {message}
      </Alert>
      <Button component={Link} to={to} mt="lg">
        {action}
      </Button>
    </>
  );
}
