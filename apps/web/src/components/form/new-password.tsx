import { PasswordInput } from '@mantine/core';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { z } from 'zod';
import { newPasswordSchema } from '@saldopilot/shared';
import { ApiError } from '../../lib/api-error';

export const passwordMismatch = 'Passwörter stimmen nicht überein';

const newPasswordTwice = {
  password: newPasswordSchema,
  passwordRepeat: z.string({ error: 'Passwort wird benötigt' }).min(1, 'Passwort wird benötigt'),
};

/**
 * A form schema with a new password typed twice, plus `more` fields (registration, reset,
 * invitation, password change): a typing error in a password nobody can see is caught here.
 */
export function withNewPasswordTwice<Shape extends z.ZodRawShape>(more: Shape) {
  return z.object({ ...more, ...newPasswordTwice }).refine(
    (value) => {
      const { password, passwordRepeat } = value as { password: string; passwordRepeat: string };
      return password === passwordRepeat;
    },
    { message: passwordMismatch, path: ['passwordRepeat'] },
  );
}

/**
 * The API's reason a new password was refused although the form let it pass (common or breached,
 * holding the e-mail: docs/api.md "Sessions"), shown at the password field; else undefined.
 */
export function newPasswordRefusal(error: unknown): string | undefined {
  return error instanceof ApiError ? error.fields?.password : undefined;
}

type Registered = UseFormRegisterReturn & { error?: string };

/** The two inputs of a new password: "{label}" and "{label} wiederholen". */
export function NewPasswordInputs({
  label = 'Passwort',
  password,
  repeat,
}: {
  label?: string;
  password: Registered;
  repeat: Registered;
}) {
  return (
    <>
      <PasswordInput label={label} autoComplete="new-password" required {...password} />
      <PasswordInput label={`${label} wiederholen`} autoComplete="new-password" required {...repeat} />
    </>
  );
}
