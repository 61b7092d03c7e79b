import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, TextInput } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { emailOnlySchema } from '@saldopilot/shared';
import { pathTo } from '../../app/routes';
import { Form } from '../../components/form/form';
import { SubmitButton } from '../../components/form/submit-button';
import { messageOf } from '../../lib/api-error';
import type { RouteHandle } from '../../lib/document-title';
import { showToast } from '../../lib/toast';
import { forgotPassword } from './api/forgot-password';
import { AuthHeading } from './components/auth-heading';

export const handle = { title: 'Passwort vergessen' } satisfies RouteHandle;

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
  const [done, setDone] = useState(false);
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm({ resolver: zodResolver(emailOnlySchema), mode: 'onTouched', defaultValues: { email: '' } });

  const onSubmit = handleSubmit(async ({ email }) => {
    try {
      await forgotPassword(email);
      setDone(true);
    } catch (error) {
      showToast({ severity: 'error', summary: 'Fehler', detail: messageOf(error, forgotPasswordTexts.failed) });
    }
  });

  return (
    <>
      <AuthHeading title="Passwort vergessen">{done ? null : forgotPasswordTexts.intro}</AuthHeading>
      {done ? (
        <>
          <Alert color="green" variant="light" role="status" mb="md">
            {forgotPasswordTexts.done}
          </Alert>
          <BackToLogin />
        </>
      ) : (
        <Form onSubmit={onSubmit} aria-label="Passwort vergessen">
          <TextInput
            label="E-Mail"
            type="email"
            autoComplete="email"
            required
            error={errors.email?.message}
            {...register('email')}
          />
          <div>
            <BackToLogin />
          </div>
          <SubmitButton control={control} icon={<IconLock size={18} aria-hidden />} fullWidth mt="md">
            Passwort zurücksetzen
          </SubmitButton>
        </Form>
      )}
    </>
  );
}
