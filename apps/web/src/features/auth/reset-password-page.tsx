import { TextInput } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { useSchemaForm } from '../../components/form/use-schema-form';
import { pathTo } from '../../config/routes';
import { Form } from '../../components/form/form';
import { InlineMessage, useInlineMessage } from '../../components/form/inline-message';
import { NewPasswordInputs, newPasswordRefusal, withNewPasswordTwice } from '../../components/form/new-password';
import { SubmitButton } from '../../components/form/submit-button';
import { messageOf } from '../../lib/api-error';
import type { RouteHandle } from '../../lib/document-title';
import { showToast } from '../../lib/toast';
import { checkResetCode } from './api/check-reset-code';
import { resetPassword } from './api/reset-password';
import { CheckedLinkPage } from './components/link-check';

export const handle = { title: 'Passwort zurücksetzen', noindex: true } satisfies RouteHandle;

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
    setError,
    control,
    formState: { errors },
  } = useSchemaForm(schema, { defaultValues: { password: '', passwordRepeat: '' } });

  // A refusal shows beside the form, one at a time (docs/product.md "Overlays, toasts and dialogs").
  const [message, showMessage] = useInlineMessage();
  const onSubmit = handleSubmit(async ({ password }) => {
    showMessage(null);
    try {
      await resetPassword({ email, code, password });
    } catch (error) {
      // A password too common (or holding the e-mail) is the password field's error.
      const weak = newPasswordRefusal(error);
      if (weak) {
        setError('password', { message: weak }, { shouldFocus: true });
        return;
      }
      showMessage({ severity: 'error', text: messageOf(error, resetPasswordTexts.failed) });
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
    <Form onSubmit={onSubmit} aria-label={handle.title}>
      <TextInput label="E-Mail" value={email} readOnly disabled />
      <NewPasswordInputs
        label="Neues Passwort"
        password={{ ...register('password'), error: errors.password?.message }}
        repeat={{ ...register('passwordRepeat'), error: errors.passwordRepeat?.message }}
      />
      <SubmitButton control={control} icon={<IconDeviceFloppy size={18} aria-hidden />} color="blue" fullWidth mt="xs">
        Passwort setzen
      </SubmitButton>
      <InlineMessage message={message} />
    </Form>
  );
}

export function Component() {
  return (
    <CheckedLinkPage
      title={handle.title}
      intro={resetPasswordTexts.intro}
      kind="reset-code"
      checkCode={checkResetCode}
      invalid={{ message: resetPasswordTexts.invalid, action: 'Zum Login', to: pathTo('auth') }}
    >
      {(link) => <ResetForm {...link} />}
    </CheckedLinkPage>
  );
}
