import { Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { IconDeviceFloppy, IconKey } from '@tabler/icons-react';
import { passwordSchema, profileFormSchema, type User } from '@saldopilot/shared';
import { useSchemaForm } from '../../components/form/use-schema-form';
import { Form } from '../../components/form/form';
import { InlineMessage, useInlineMessage } from '../../components/form/inline-message';
import { NewPasswordInputs, newPasswordRefusal, withNewPasswordTwice } from '../../components/form/new-password';
import { SubmitButton } from '../../components/form/submit-button';
import { ApiError } from '../../lib/api-error';
import type { RouteHandle } from '../../lib/document-title';
import { setUser, useSignedInUser } from '../../reference-data/profile';
import { changePassword } from './api/change-password';
import { updateProfile } from './api/update-profile';
import { SettingsSection } from './components/settings-section';

export const handle = { title: 'Profil' } satisfies RouteHandle;

export const profileTexts = {
  updated: 'Profil wurde bearbeitet',
  updateFailed: 'Fehler beim Aktualisieren des Profils',
  passwordChanged: 'Passwort wurde geändert',
  passwordFailed: 'Fehler beim Ändern des Password',
} as const;

function ProfileForm({ user }: { user: User }) {
  const [message, showMessage] = useInlineMessage();
  const {
    register,
    handleSubmit,
    reset,
    control,
    formState: { errors },
  } = useSchemaForm(profileFormSchema, { values: { name: user.name } });

  const onSubmit = handleSubmit(async (changes) => {
    try {
      const updated = await updateProfile(changes);
      setUser(updated);
      reset({ name: updated.name });
      showMessage({ severity: 'success', text: profileTexts.updated });
    } catch (error) {
      showMessage({
        severity: 'error',
        text: profileTexts.updateFailed,
        detail: error instanceof ApiError ? error.message : undefined,
      });
    }
  });

  return (
    <SettingsSection title="Ihr Profil">
      <Form onSubmit={onSubmit} aria-label="Ihr Profil">
        <TextInput label="Name" autoComplete="name" required error={errors.name?.message} {...register('name')} />
        <TextInput
          label="E-Mail"
          value={user.email}
          readOnly
          variant="filled"
          description="Die E-Mail-Adresse kann nicht geändert werden."
        />
        <Group mt="xs">
          <SubmitButton control={control} icon={<IconDeviceFloppy size={18} aria-hidden />}>
            Profil aktualisieren
          </SubmitButton>
        </Group>
        <InlineMessage message={message} />
      </Form>
    </SettingsSection>
  );
}

const passwordFormSchema = withNewPasswordTwice({ currentPassword: passwordSchema });

const emptyPasswords = { currentPassword: '', password: '', passwordRepeat: '' };

function PasswordForm({ email }: { email: string }) {
  const [message, showMessage] = useInlineMessage();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    control,
    formState: { errors },
  } = useSchemaForm(passwordFormSchema, { defaultValues: emptyPasswords });

  const onSubmit = handleSubmit(async ({ currentPassword, password }) => {
    try {
      await changePassword({ currentPassword, password });
      reset(emptyPasswords);
      showMessage({ severity: 'success', text: profileTexts.passwordChanged });
    } catch (error) {
      const wrongCurrent = error instanceof ApiError ? error.fields?.currentPassword : undefined;
      if (wrongCurrent) setError('currentPassword', { message: wrongCurrent }, { shouldFocus: true });
      const weak = newPasswordRefusal(error);
      if (weak) setError('password', { message: weak }, { shouldFocus: true });
      showMessage({
        severity: 'error',
        text: profileTexts.passwordFailed,
        detail: error instanceof ApiError ? error.message : undefined,
      });
    }
  });

  return (
    <SettingsSection
      title="Sicherheit"
      description="Andere Anmeldungen mit Ihrem Konto werden beim Ändern des Passworts beendet; dieser Browser bleibt angemeldet."
    >
      <Form onSubmit={onSubmit} aria-label="Passwort ändern">
        {/* For password managers: whose password this is. */}
        <input type="text" name="username" autoComplete="username" value={email} readOnly hidden />
        <PasswordInput
          label="Aktuelles Passwort"
          autoComplete="current-password"
          required
          error={errors.currentPassword?.message}
          {...register('currentPassword')}
        />
        <NewPasswordInputs
          label="Neues Passwort"
          password={{ ...register('password'), error: errors.password?.message }}
          repeat={{ ...register('passwordRepeat'), error: errors.passwordRepeat?.message }}
        />
        <Group mt="xs">
          <SubmitButton control={control} icon={<IconKey size={18} aria-hidden />}>
            Neues Passwort setzen
          </SubmitButton>
        </Group>
        <InlineMessage message={message} />
      </Form>
    </SettingsSection>
  );
}

/** Settings → Profil (docs/web.md "Einstellungen"): name, read-only e-mail, password change. */
export function Component() {
  const user = useSignedInUser();
  return (
    <Stack gap="lg" maw="40rem">
      <ProfileForm user={user} />
      <PasswordForm email={user.email} />
    </Stack>
  );
}
