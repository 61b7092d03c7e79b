import { useEffect } from 'react';
import { Alert, Anchor, Button, Group, PasswordInput, Text } from '@mantine/core';
import { IconLogin } from '@tabler/icons-react';
import { Link, useLocation, useNavigate } from 'react-router';
import { loginSchema } from '@saldopilot/shared';
import { EmailInput } from '../../components/form/email-input';
import { useSchemaForm } from '../../components/form/use-schema-form';
import { returnTargetOf } from '../../config/return-after-login';
import { pathTo } from '../../config/routes';
import { Form } from '../../components/form/form';
import { InlineMessage, useInlineMessage } from '../../components/form/inline-message';
import { SubmitButton } from '../../components/form/submit-button';
import { messageOf } from '../../lib/api-error';
import type { RouteHandle } from '../../lib/document-title';
import { takeSessionExpiredMarker } from '../../lib/session';
import { showToast } from '../../lib/toast';
import { homeAfterLogin } from '../../reference-data/organisations';
import { setUser } from '../../reference-data/profile';
import { login } from './api/login';
import { AuthHeading } from './components/auth-heading';
import { demoAccount } from './demo-account';

export const handle = { title: 'Login' } satisfies RouteHandle;

export const loginTexts = {
  welcome: 'Willkommen zurück! ❤️',
  failed: 'Login fehlgeschlagen, bitte prüfen Sie Ihre Zugangsdaten',
  sessionExpiredSummary: 'Info',
  sessionExpiredDetail: 'Ihre Session ist aus Sicherheitsgründen abgelaufen. Bitte loggen Sie sich erneut ein.',
  demoTitle: 'Demo-Zugang (Entwicklungsmodus)',
  demoText: (email: string, password: string) => `E-Mail ${email}, Passwort ${password}`,
  demoFill: 'Demo-Zugang einsetzen',
} as const;

export function Component() {
  const navigate = useNavigate();
  const { search } = useLocation();
  const {
    register,
    handleSubmit,
    control,
    setValue,
    formState: { errors },
  } = useSchemaForm(loginSchema, { defaultValues: { email: '', password: '' } });
  // docs/product.md "Overlays, toasts and dialogs": a form's refusal shows beside it, one at a time
  // (a toast per try stacked over the field and the button, docs/product.md "Overlays, toasts and dialogs").
  const [message, showMessage] = useInlineMessage();
  // Only a development server names it: whoever ran `npm start` learns how to get in.
  const demo = demoAccount();

  // docs/product.md "Session": signed out with the marker present → remove it and say why the user is here.
  useEffect(() => {
    if (!takeSessionExpiredMarker()) return;
    showToast({
      severity: 'info',
      summary: loginTexts.sessionExpiredSummary,
      detail: loginTexts.sessionExpiredDetail,
    });
  }, []);

  const onSubmit = handleSubmit(async (credentials) => {
    showMessage(null);
    try {
      setUser(await login(credentials));
      // Home (the Übersicht with several organisations: docs/cockpit.md "The start page"), or back to
      // the consent page the visitor came from (docs/product.md "Route guards").
      await navigate(returnTargetOf(search) ?? pathTo(await homeAfterLogin()), { replace: true });
    } catch (error) {
      showMessage({ severity: 'error', text: messageOf(error, loginTexts.failed) });
    }
  });

  return (
    <>
      <AuthHeading title="Login">{loginTexts.welcome}</AuthHeading>
      {demo ? (
        <Alert variant="light" color="blue" title={loginTexts.demoTitle} mb="md">
          <Text size="sm">{loginTexts.demoText(demo.email, demo.password)}</Text>
          <Button
            variant="subtle"
            size="compact-sm"
            mt={4}
            onClick={() => {
              setValue('email', demo.email, { shouldDirty: true, shouldValidate: true });
              setValue('password', demo.password, { shouldDirty: true, shouldValidate: true });
            }}
          >
            {loginTexts.demoFill}
          </Button>
        </Alert>
      ) : null}
      <Form onSubmit={onSubmit} aria-label="Login">
        <EmailInput error={errors.email?.message} {...register('email')} />
        <PasswordInput
          label="Passwort"
          autoComplete="current-password"
          required
          error={errors.password?.message}
          {...register('password')}
        />
        <Group justify="space-between" gap="xs" mb="md">
          <Anchor component={Link} to={pathTo('auth-forgot-password')} size="sm">
            Passwort vergessen?
          </Anchor>
          <Text size="sm">
            Kein Konto? Jetzt{' '}
            <Anchor component={Link} to={pathTo('auth-registration')} inherit fw={600}>
              registrieren
            </Anchor>
          </Text>
        </Group>
        <SubmitButton control={control} icon={<IconLogin size={18} aria-hidden />} fullWidth>
          Login
        </SubmitButton>
        <InlineMessage message={message} />
      </Form>
    </>
  );
}
