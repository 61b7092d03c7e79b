import { zodResolver } from '@hookform/resolvers/zod';
import { Button, PasswordInput, TextInput } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { nameSchema } from '@saldopilot/shared';
import { pathTo } from '../../app/routes';
import { Form } from '../../components/form/form';
import type { RouteHandle } from '../../lib/document-title';
import { showToast } from '../../lib/toast';
import { setUser } from '../../reference-data/profile';
import { checkRegistrationCode } from './api/check-registration-code';
import { finishRegistration } from './api/finish-registration';
import { AuthHeading } from './components/auth-heading';
import { LinkChecking, LinkInvalid } from './components/link-check';
import { withNewPasswordTwice } from './components/password-fields';
import { useLinkParams } from './use-link-params';

export const handle = { title: 'Validierung' } satisfies RouteHandle;

export const validateTexts = {
  title: 'Registrierung abschliessen',
  intro:
    'Fast geschafft! Geben Sie lediglich Ihren Namen und ein sicheres Passwort ein (mind. 8 Zeichen), um Ihre Registrierung abzuschliessen.',
  invalid: 'Dieser Registrierungslink ist nicht mehr gültig. Bitte registrieren Sie sich erneut.',
  failed: 'Die Registrierung ist fehlgeschlagen',
} as const;

const schema = withNewPasswordTwice({ name: nameSchema });

function FinishForm({ email, code }: { email: string; code: string }) {
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    formState: { errors, isValid, isDirty, isSubmitting },
  } = useForm({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    defaultValues: { name: '', password: '', passwordRepeat: '' },
  });

  const onSubmit = handleSubmit(async ({ name, password }) => {
    const user = await finishRegistration({ email, code, password, name });
    if (!user) {
      showToast({ severity: 'error', summary: 'Fehler', detail: validateTexts.failed });
      return;
    }
    setUser(user);
    await navigate(pathTo('index'), { replace: true });
  });

  return (
    <Form onSubmit={onSubmit} aria-label={validateTexts.title}>
      <TextInput label="E-Mail" value={email} readOnly disabled />
      <TextInput label="Name" autoComplete="name" required error={errors.name?.message} {...register('name')} />
      <PasswordInput
        label="Passwort"
        autoComplete="new-password"
        required
        error={errors.password?.message}
        {...register('password')}
      />
      <PasswordInput
        label="Passwort wiederholen"
        autoComplete="new-password"
        required
        error={errors.passwordRepeat?.message}
        {...register('passwordRepeat')}
      />
      <Button
        type="submit"
        color="blue"
        leftSection={<IconDeviceFloppy size={18} aria-hidden />}
        disabled={!isValid || !isDirty}
        loading={isSubmitting}
        fullWidth
        mt="xs"
      >
        Konto erstellen
      </Button>
    </Form>
  );
}

export function Component() {
  const { email, code } = useLinkParams();
  const check = useQuery({
    queryKey: ['registration-code', email, code],
    queryFn: () => (email && code ? checkRegistrationCode(email, code) : Promise.resolve(false)),
    staleTime: Infinity,
    gcTime: 0,
  });

  if (check.isPending) {
    return (
      <>
        <AuthHeading title={validateTexts.title} />
        <LinkChecking />
      </>
    );
  }
  if (!check.data) {
    return (
      <>
        <AuthHeading title={validateTexts.title} />
        <LinkInvalid message={validateTexts.invalid} action="Zur Registrierung" to={pathTo('auth-registration')} />
      </>
    );
  }
  return (
    <>
      <AuthHeading title={validateTexts.title}>{validateTexts.intro}</AuthHeading>
      <FinishForm email={email} code={code} />
    </>
  );
}
