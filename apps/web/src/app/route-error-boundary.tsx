import { Container, Stack } from '@mantine/core';
import { useRouteError } from 'react-router';
import { ErrorPage, errorPageTitle } from '../components/error-page';
import { Wordmark } from '../components/wordmark';
import { useDocumentTitle } from '../lib/document-title';
import { describeRouteError } from '../lib/route-errors';

/** Fatal and unhandled route errors: the error page replaces the whole app (docs/product.md "Error page"). */
export function RouteErrorBoundary() {
  const { status, message } = describeRouteError(useRouteError());
  useDocumentTitle(errorPageTitle(status));
  return (
    <Container component="main" size="lg" py="xl">
      <Stack gap="md">
        <Wordmark />
        <ErrorPage status={status} message={message} />
      </Stack>
    </Container>
  );
}
