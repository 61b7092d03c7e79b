import { Anchor, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link } from 'react-router';
import { pathTo } from '../../config/routes';
import type { RouteHandle } from '../../lib/document-title';
import { forgotPassword } from './api/forgot-password';
import { EmailRequestPage } from './components/email-request-page';

export const handle = { title: 'Passwort vergessen', noindex: true } satisfies RouteHandle;

export const forgotPasswordTexts = {
  intro:
    'Sie haben Ihr Passwort vergessen? Kein Problem! Geben Sie die E-Mail Adresse ein, mit der Sie sich registriert haben, und wir senden Ihnen einen Link zum Zurücksetzen des Passworts zu.',
  done: 'Vielen Dank. Bitte prüfen Sie nun Ihre Mailbox für den Link zum Zurücksetzen des Passworts. Es kann vorkommen, dass E-Mails auch im "Spam" Ordner landen. Schauen Sie ggf. auch dort nach. Sollte diese E-Mail nicht in unserem System existieren, weisen wir Sie aus Sicherheitsgründen nicht darauf hin.',
  failed: 'Das Zurücksetzen des Passworts ist fehlgeschlagen',
} as const;

function BackToLogin() {
  return (
    <Anchor component={Link} to={pathTo('auth')} size="sm">
      Zurück zum Login
    </Anchor>
  );
}

export function Component() {
  return (
    <EmailRequestPage
      title={handle.title}
      texts={forgotPasswordTexts}
      send={forgotPassword}
      submit={{ label: 'Passwort zurücksetzen', icon: <IconLock size={18} aria-hidden /> }}
      belowEmail={
        <Text size="sm" mb="md">
          <BackToLogin />
        </Text>
      }
      afterSent={<BackToLogin />}
    />
  );
}
