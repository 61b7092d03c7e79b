import { zodResolver } from '@hookform/resolvers/zod';
import { Button, PasswordInput, TextInput } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { pathTo } from '../../app/routes';
import { Form } from '../../components/form/form';
import { messageOf } from '../../lib/api-error';
import type { RouteHandle } from '../../lib/document-title';
import { showToast } from '../../lib/toast';
import { checkResetCode } from './api/check-reset-code';
import { resetPassword } from './api/reset-password';
import { AuthHeading } from './components/auth-heading';
import { LinkChecking, LinkInvalid } from './components/link-check';
import { withNewPasswordTwice } from './components/password-fields';
import { useLinkParams } from './use-link-params';

export const handle = { title: 'Passwort zurücksetzen' } satisfies RouteHandle;

export const resetPasswordTexts = {
  intro: 'Geben Sie Ihr neues, sicheres Passwort ein (mind. 8 Zeichen), um das Passwort zurückzusetzen.',
  invalid:
    'Der Link zum Zurücksetzen des Passworts ist nicht mehr gültig. Bitte setzen Sie das Passwort erneut zurück.',
  successSummary: 'Erfolg',
  successDetail: 'Das Passwort wurde zurückgesetzt. Sie können sich nun anmelden',
  failed: 'Das Zurücksetzen des Passworts ist fehlgeschlagen',
} as const;

const schema = withNewPasswordTwice({});

function ResetForm({ email, code }: { email: string; code: string }) {
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    formState: { errors, isValid, isDirty, isSubmitting },
  } = useForm({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    defaultValues: { password: '', passwordRepeat: '' },
  });

  const onSubmit = handleSubmit(async ({ password }) => {
    try {
      await resetPassword({ email, code, password });
    } catch (error) {
      showToast({ severity: 'error', summary: 'Fehler', detail: messageOf(error, resetPasswordTexts.failed) });
      return;
    }
    showToast({
      severity: 'success',
      summary: resetPasswordTexts.successSummary,
      detail: resetPasswordTexts.successDetail,
    });
    await navigate(pathTo('auth'), { replace: true });
  });

  return (
    <Form onSubmit={onSubmit} aria-label="Passwort zurücksetzen">
      <TextInput label="E-Mail" value={email} readOnly disabled />
      <PasswordInput
        label="Neues Passwort"
        autoComplete="new-password"
        required
        error={errors.password?.message}
        {...register('password')}
      />
      <PasswordInput
        label="Neues Passwort wiederholen"
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
        Passwort setzen
      </Button>
    </Form>
  );
}

export function Component() {
  const { email, code } = useLinkParams();
  const check = useQuery({
    queryKey: ['reset-code', email, code],
    queryFn: () => (email && code ? checkResetCode(email, code) : Promise.resolve(false)),
    staleTime: Infinity,
    gcTime: 0,
  });

  const title = 'Passwort zurücksetzen';
  if (check.isPending) {
    return (
      <>
        <AuthHeading title={title} />
        <LinkChecking />
      </>
    );
  }
  if (!check.data) {
    return (
      <>
        <AuthHeading title={title} />
        <LinkInvalid message={resetPasswordTexts.invalid} action="Zum Login" to={pathTo('auth')} />
      </>
    );
  }
  return (
    <>
      <AuthHeading title={title}>{resetPasswordTexts.intro}</AuthHeading>
      <ResetForm email={email} code={code} />
    </>
  );
}
