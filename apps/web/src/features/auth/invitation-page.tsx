import { Alert, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { IconLogin, IconUserPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { z } from 'zod';
import { passwordSchema, roleLabels, type User } from '@saldopilot/shared';
import { useSchemaForm } from '../../components/form/use-schema-form';
import { pathTo } from '../../config/routes';
import { Form } from '../../components/form/form';
import { InlineMessage, useInlineMessage } from '../../components/form/inline-message';
import { NewPasswordInputs, newPasswordRefusal, withNewPasswordTwice } from '../../components/form/new-password';
import { SubmitButton } from '../../components/form/submit-button';
import { ApiError, messageOf } from '../../lib/api-error';
import type { RouteHandle } from '../../lib/document-title';
import { rememberSession } from '../../lib/session';
import { showToastAfterReload } from '../../lib/toast';
import { useUser } from '../../reference-data/profile';
import { acceptInvitation } from './api/accept-invitation';
import { checkInvitation, type InvitationCheck } from './api/check-invitation';
import { AuthHeading } from './components/auth-heading';
import { LinkChecking, LinkInvalid } from './components/link-check';

export const handle = { title: 'Einladung', noindex: true } satisfies RouteHandle;

/** The German texts of the invitation page (docs/web.md "Einladung", typos fixed). */
export const invitationTexts = {
  title: 'Einladung',
  checking: 'Einladung wird überprüft …',
  invitedTo: 'Sie wurden eingeladen, der Organisation',
  invitedToEnd: 'beizutreten.',
  invitedBy: 'Eingeladen von:',
  role: 'Rolle:',
  newUser:
    'Geben Sie ein sicheres Passwort ein (mind. 8 Zeichen), um Ihr Konto zu erstellen und der Organisation beizutreten.',
  existingUser: 'Sie haben bereits ein Konto. Bestätigen Sie Ihr Passwort, um der Organisation beizutreten.',
  signedInAsInvitee: (email: string) =>
    `Sie sind als ${email} angemeldet. Bestätigen Sie Ihr Passwort, um der Organisation beizutreten.`,
  signedInAsOther: (current: string, invited: string) =>
    `Sie sind als ${current} angemeldet, die Einladung gilt für ${invited}. Wenn Sie die Einladung annehmen, werden Sie als ${invited} angemeldet.`,
  createAndJoin: 'Konto erstellen & beitreten',
  join: 'Einladung annehmen',
  missing: 'Kein Einladungstoken gefunden. Bitte öffnen Sie den Link aus der Einladungs-E-Mail.',
  invalid:
    'Dieser Einladungslink ist nicht gültig oder wurde bereits verwendet. Bitte fragen Sie nach einer neuen Einladung.',
  expired: 'Diese Einladung ist abgelaufen. Bitte fragen Sie nach einer neuen Einladung.',
  checkFailed: 'Die Einladung konnte nicht geprüft werden.',
  retry: 'Erneut versuchen',
  toLogin: 'Zum Login',
  toHome: 'Zur Startseite',
  successSummary: 'Erfolg',
  joined: (organisation: string) => `Sie sind der Organisation "${organisation}" beigetreten`,
  createdAndJoined: (organisation: string) =>
    `Ihr Konto wurde erstellt und Sie sind der Organisation "${organisation}" beigetreten`,
  failed: 'Die Einladung konnte nicht angenommen werden',
} as const;

// Long e-mail addresses and organisation names wrap instead of widening the column (375 px).
const wrapAnywhere = { overflowWrap: 'anywhere' } as const;

const newUserSchema = withNewPasswordTwice({
  name: z.string().trim().max(100, 'Höchstens 100 Zeichen erlaubt'),
});
const existingUserSchema = z.object({ password: passwordSchema });

interface AcceptProps {
  token: string;
  invitation: InvitationCheck;
  /** The link was used, revoked or expired meanwhile: check it again. */
  onLinkGone: () => void;
}

/**
 * Accepts, then starts the app afresh on the home page: the joined organisation is the current one
 * now, and anything cached belongs to the previous session or organisation.
 */
function useAccept({ token, invitation, onLinkGone }: AcceptProps, onWeakPassword?: (message: string) => void) {
  // A refusal shows beside the form, one at a time (docs/product.md "Overlays, toasts and dialogs").
  const [message, showMessage] = useInlineMessage();
  const accept = async (password: string, name?: string) => {
    showMessage(null);
    try {
      await acceptInvitation({ token, password, name });
    } catch (error) {
      // A password too common (or holding the e-mail) is the password field's error.
      const weak = newPasswordRefusal(error);
      if (weak && onWeakPassword) {
        onWeakPassword(weak);
        return;
      }
      // Used, revoked or expired since the page was opened: the page shows that link's message.
      if (error instanceof ApiError && (error.status === 404 || error.status === 410)) {
        onLinkGone();
        return;
      }
      showMessage({ severity: 'error', text: messageOf(error, invitationTexts.failed) });
      return;
    }
    // Signed in now (as the invited person); the reload fetches the profile afresh.
    rememberSession();
    showToastAfterReload({
      severity: 'success',
      summary: invitationTexts.successSummary,
      detail: (invitation.userExists ? invitationTexts.joined : invitationTexts.createdAndJoined)(
        invitation.organisationName,
      ),
    });
    window.location.assign(pathTo('index'));
    // The page is being replaced: the button stays busy until then.
    await new Promise<never>(() => undefined);
  };
  return { accept, message };
}

function NewUserForm(props: AcceptProps) {
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors },
  } = useSchemaForm(newUserSchema, { defaultValues: { name: '', password: '', passwordRepeat: '' } });
  const { accept, message } = useAccept(props, (weak) =>
    setError('password', { message: weak }, { shouldFocus: true }),
  );

  const onSubmit = handleSubmit(({ name, password }) => accept(password, name === '' ? undefined : name));

  return (
    <Form onSubmit={onSubmit} aria-label={invitationTexts.title}>
      <TextInput label="E-Mail" value={props.invitation.email} readOnly disabled />
      <TextInput label="Name" autoComplete="name" error={errors.name?.message} {...register('name')} />
      <NewPasswordInputs
        password={{ ...register('password'), error: errors.password?.message }}
        repeat={{ ...register('passwordRepeat'), error: errors.passwordRepeat?.message }}
      />
      <SubmitButton control={control} icon={<IconUserPlus size={18} aria-hidden />} fullWidth mt="xs">
        {invitationTexts.createAndJoin}
      </SubmitButton>
      <InlineMessage message={message} />
    </Form>
  );
}

function ExistingUserForm(props: AcceptProps) {
  const { accept, message } = useAccept(props);
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useSchemaForm(existingUserSchema, { defaultValues: { password: '' } });

  const onSubmit = handleSubmit(({ password }) => accept(password));

  return (
    <Form onSubmit={onSubmit} aria-label={invitationTexts.title}>
      <TextInput label="E-Mail" value={props.invitation.email} readOnly disabled />
      <PasswordInput
        label="Passwort"
        autoComplete="current-password"
        required
        error={errors.password?.message}
        {...register('password')}
      />
      <SubmitButton control={control} icon={<IconLogin size={18} aria-hidden />} fullWidth mt="xs">
        {invitationTexts.join}
      </SubmitButton>
      <InlineMessage message={message} />
    </Form>
  );
}

/** Who invites to which organisation with which role. */
function InvitationSummary({ invitation }: { invitation: InvitationCheck }) {
  return (
    <Alert color="green" variant="light" role="note" mb="md" style={wrapAnywhere}>
      <Stack gap={4}>
        <Text inherit>
          {invitationTexts.invitedTo} <strong>{invitation.organisationName}</strong> {invitationTexts.invitedToEnd}
        </Text>
        {invitation.invitedByName ? (
          <Text inherit size="sm">
            {invitationTexts.invitedBy} {invitation.invitedByName}
          </Text>
        ) : null}
        <Text inherit size="sm">
          {invitationTexts.role} {roleLabels[invitation.role]}
        </Text>
      </Stack>
    </Alert>
  );
}

function ValidInvitation({ user, ...props }: AcceptProps & { user: User | null | undefined }) {
  const { invitation } = props;
  const signedInAsOther = user && user.email.toLowerCase() !== invitation.email.toLowerCase() ? user : undefined;
  const intro = !invitation.userExists
    ? invitationTexts.newUser
    : user && !signedInAsOther
      ? invitationTexts.signedInAsInvitee(user.email)
      : invitationTexts.existingUser;
  return (
    <>
      <AuthHeading title={invitationTexts.title} />
      <InvitationSummary invitation={invitation} />
      {signedInAsOther ? (
        <Alert color="orange" variant="light" role="note" mb="md" style={wrapAnywhere}>
          {invitationTexts.signedInAsOther(signedInAsOther.email, invitation.email)}
        </Alert>
      ) : null}
      <Alert color="gray" variant="light" role="note" mb="lg" style={wrapAnywhere}>
        {intro}
      </Alert>
      {invitation.userExists ? <ExistingUserForm {...props} /> : <NewUserForm {...props} />}
    </>
  );
}

/**
 * The page a mailed invitation links to (`?token=…`). Open to everyone, also when signed in: the
 * invited person may be signed in already, or another person of the same browser.
 */
export function Component() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const user = useUser();
  const check = useQuery({
    queryKey: ['invitation', token],
    queryFn: () => checkInvitation(token),
    enabled: token !== '',
    staleTime: Infinity,
    gcTime: 0,
  });

  const leave = user
    ? { action: invitationTexts.toHome, to: pathTo('index') }
    : { action: invitationTexts.toLogin, to: pathTo('auth') };
  const heading = <AuthHeading title={invitationTexts.title} />;

  if (token === '') {
    return (
      <>
        {heading}
        <LinkInvalid message={invitationTexts.missing} {...leave} />
      </>
    );
  }
  if (check.isPending) {
    return (
      <>
        {heading}
        <LinkChecking>{invitationTexts.checking}</LinkChecking>
      </>
    );
  }
  if (check.isError) {
    return (
      <>
        {heading}
        <Alert color="red" variant="light" role="alert" style={wrapAnywhere}>
          {invitationTexts.checkFailed} {messageOf(check.error, '')}
        </Alert>
        <Button mt="lg" loading={check.isFetching} onClick={() => void check.refetch()}>
          {invitationTexts.retry}
        </Button>
      </>
    );
  }
  if (check.data.state !== 'valid') {
    return (
      <>
        {heading}
        <LinkInvalid
          message={check.data.state === 'expired' ? invitationTexts.expired : invitationTexts.invalid}
          {...leave}
        />
      </>
    );
  }
  return (
    <ValidInvitation
      token={token}
      invitation={check.data.invitation}
      user={user}
      onLinkGone={() => void check.refetch()}
    />
  );
}
