import { TextInput } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { nameSchema } from '@saldopilot/shared';
import { useSchemaForm } from '../../components/form/use-schema-form';
import { pathTo } from '../../config/routes';
import { Form } from '../../components/form/form';
import { InlineMessage, useInlineMessage } from '../../components/form/inline-message';
import { NewPasswordInputs, withNewPasswordTwice } from '../../components/form/new-password';
import { SubmitButton } from '../../components/form/submit-button';
import type { RouteHandle } from '../../lib/document-title';
import { setUser } from '../../reference-data/profile';
import { checkRegistrationCode } from './api/check-registration-code';
import { finishRegistration } from './api/finish-registration';
import { CheckedLinkPage } from './components/link-check';

export const handle = { title: 'Validierung', noindex: true } satisfies RouteHandle;

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
    setError,
    control,
    formState: { errors },
  } = useSchemaForm(schema, { defaultValues: { name: '', password: '', passwordRepeat: '' } });

  // A refusal shows beside the form, one at a time (docs/product.md "Overlays, toasts and dialogs").
  const [message, showMessage] = useInlineMessage();
  const onSubmit = handleSubmit(async ({ name, password }) => {
    showMessage(null);
    const user = await finishRegistration({ email, code, password, name });
    if (!user) {
      showMessage({ severity: 'error', text: validateTexts.failed });
      return;
    }
    if ('weakPassword' in user) {
      setError('password', { message: user.weakPassword }, { shouldFocus: true });
      return;
    }
    setUser(user);
    await navigate(pathTo('index'), { replace: true });
  });

  return (
    <Form onSubmit={onSubmit} aria-label={validateTexts.title}>
      <TextInput label="E-Mail" value={email} readOnly disabled />
      <TextInput label="Name" autoComplete="name" required error={errors.name?.message} {...register('name')} />
      <NewPasswordInputs
        password={{ ...register('password'), error: errors.password?.message }}
        repeat={{ ...register('passwordRepeat'), error: errors.passwordRepeat?.message }}
      />
      <SubmitButton control={control} icon={<IconDeviceFloppy size={18} aria-hidden />} color="blue" fullWidth mt="xs">
        Konto erstellen
      </SubmitButton>
      <InlineMessage message={message} />
    </Form>
  );
}

export function Component() {
  return (
    <CheckedLinkPage
      title={validateTexts.title}
      intro={validateTexts.intro}
      kind="registration-code"
      checkCode={checkRegistrationCode}
      invalid={{ message: validateTexts.invalid, action: 'Zur Registrierung', to: pathTo('auth-registration') }}
    >
      {(link) => <FinishForm {...link} />}
    </CheckedLinkPage>
  );
}
