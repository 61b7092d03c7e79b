import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { pathTo } from '../config/routes';
import { isCrawler } from '../lib/crawler';

interface ErrorVariant {
  title: string;
  message: string;
  description: string;
}

// The two variants of docs/product.md "Error page": default messages verbatim; titles and descriptions are ours.
const notFound: ErrorVariant = {
  title: 'Seite nicht gefunden',
  message: 'Page Not Found',
  description: 'Die aufgerufene Seite gibt es nicht. Vielleicht ist die Adresse falsch geschrieben oder veraltet.',
};
const generic: ErrorVariant = {
  title: 'Fehler',
  message: 'Internal Server Error',
  description:
    'Es ist ein unerwarteter Fehler aufgetreten. Bitte laden Sie die Seite neu oder versuchen Sie es später noch einmal.',
};

/** The page title of the error page for a status, for the document title. */
export function errorPageTitle(status: number): string {
  return (status === 404 ? notFound : generic).title;
}

/** Status code, message and description of a route error (docs/product.md "Error page"); nothing for crawlers. */
export function ErrorPage({ status, message }: { status: number; message?: string }) {
  if (isCrawler()) return null;
  const variant = status === 404 ? notFound : generic;
  return (
    <Stack align="flex-start" gap="sm" py="xl">
      <Text fz={64} fw={700} lh={1} c="dimmed">
        {status}
      </Text>
      <Title order={1} fz="h2">
        {message ?? variant.message}
      </Title>
      <Text>{variant.description}</Text>
      <Button component={Link} to={pathTo('index')} mt="sm">
        Zur Startseite
      </Button>
    </Stack>
  );
}
