import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Text, TextInput } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { emailOnlySchema } from '@saldopilot/shared';
import { pathTo } from '../../app/routes';
import { Form } from '../../components/form/form';
import { SubmitButton } from '../../components/form/submit-button';
import { messageOf } from '../../lib/api-error';
import type { RouteHandle } from '../../lib/document-title';
import { showToast } from '../../lib/toast';
import { createRegistration } from './api/create-registration';
import { AuthHeading } from './components/auth-heading';

export const handle = { title: 'Registrierung' } satisfies RouteHandle;

export const registrationTexts = {
  intro:
    'Willkommen, bitte geben Sie Ihre E-Mail Adresse ein, mit welcher Sie sich registrieren wollen und wir senden Ihnen einen Link zur Bestätigung zu.',
  done: 'Vielen Dank für Ihre Registrierung. Bitte prüfen Sie nun Ihre Mailbox. Es kann vorkommen, dass E-Mails auch im "Spam" Ordner landen. Schauen Sie ggf. auch dort nach.',
  failed: 'Die Registrierung ist fehlgeschlagen. Für diese E-Mail besteht evtl. bereits ein Konto',
} as const;

export function Component() {
  const [done, setDone] = useState(false);
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm({ resolver: zodResolver(emailOnlySchema), mode: 'onTouched', defaultValues: { email: '' } });

  const onSubmit = handleSubmit(async ({ email }) => {
    try {
      await createRegistration(email);
      setDone(true);
    } catch (error) {
      showToast({ severity: 'error', summary: 'Fehler', detail: messageOf(error, registrationTexts.failed) });
    }
  });

  return (
    <>
      <AuthHeading title="Registrierung">{done ? null : registrationTexts.intro}</AuthHeading>
      {done ? (
        <Alert color="green" variant="light" role="status">
          {registrationTexts.done}
        </Alert>
      ) : (
        <Form onSubmit={onSubmit} aria-label="Registrierung">
          <TextInput
            label="E-Mail"
            type="email"
            autoComplete="email"
            required
            error={errors.email?.message}
            {...register('email')}
          />
          <Text size="sm" mb="md">
            Konto vorhanden? Jetzt{' '}
            <Anchor component={Link} to={pathTo('auth')} inherit fw={600}>
              anmelden
            </Anchor>
          </Text>
          <SubmitButton control={control} icon={<IconUserPlus size={18} aria-hidden />} fullWidth>
            Registrierung starten
          </SubmitButton>
        </Form>
      )}
    </>
  );
}
