import type { ReactNode } from 'react';
import { Alert, Button, Group, Loader, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useLinkParams } from '../use-link-params';
import { AuthHeading } from './auth-heading';

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

/**
 * A page opened from a mailed `?email=…&code=…` link (registration, password reset): checks the
 * code first, then shows the form, or why the link is dead and where to start again.
 */
export function CheckedLinkPage({
  title,
  intro,
  kind,
  checkCode,
  invalid,
  children,
}: {
  title: string;
  intro: string;
  /** Tells the cached checks of the two kinds of links apart. */
  kind: string;
  checkCode: (email: string, code: string) => Promise<boolean>;
  invalid: { message: string; action: string; to: string };
  children: (link: { email: string; code: string }) => ReactNode;
}) {
  const { email, code } = useLinkParams();
  const check = useQuery({
    queryKey: [kind, email, code],
    queryFn: () => (email && code ? checkCode(email, code) : Promise.resolve(false)),
    staleTime: Infinity,
    gcTime: 0,
  });

  if (check.isPending || !check.data) {
    return (
      <>
        <AuthHeading title={title} />
        {check.isPending ? <LinkChecking /> : <LinkInvalid {...invalid} />}
      </>
    );
  }
  return (
    <>
      <AuthHeading title={title}>{intro}</AuthHeading>
      {children({ email, code })}
    </>
  );
}
