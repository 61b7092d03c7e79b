import { Anchor, Text } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { pathTo } from '../../config/routes';
import type { RouteHandle } from '../../lib/document-title';
import { createRegistration } from './api/create-registration';
import { EmailRequestPage } from './components/email-request-page';

export const handle = { title: 'Registrierung' } satisfies RouteHandle;

export const registrationTexts = {
  intro:
    'Willkommen, bitte geben Sie Ihre E-Mail Adresse ein, mit welcher Sie sich registrieren wollen und wir senden Ihnen einen Link zur Bestätigung zu.',
  done: 'Vielen Dank für Ihre Registrierung. Bitte prüfen Sie nun Ihre Mailbox. Es kann vorkommen, dass E-Mails auch im "Spam" Ordner landen. Schauen Sie ggf. auch dort nach.',
  failed: 'Die Registrierung ist fehlgeschlagen. Für diese E-Mail besteht evtl. bereits ein Konto',
} as const;

export function Component() {
  return (
    <EmailRequestPage
      title={handle.title}
      texts={registrationTexts}
      send={createRegistration}
      submit={{ label: 'Registrierung starten', icon: <IconUserPlus size={18} aria-hidden /> }}
      belowEmail={
        <Text size="sm" mb="md">
          Konto vorhanden? Jetzt{' '}
          <Anchor component={Link} to={pathTo('auth')} inherit fw={600}>
            anmelden
          </Anchor>
        </Text>
      }
    />
  );
}
