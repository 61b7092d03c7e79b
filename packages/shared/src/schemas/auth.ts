import { z } from 'zod';
import { textSchema } from './fields.js';

// Field messages are the product's texts (docs/web.md "Texts"), shared by the API and the forms.
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export const emailSchema = z
  .string({ error: 'E-Mail wird benötigt' })
  .trim()
  .toLowerCase()
  .min(1, 'E-Mail wird benötigt')
  .max(254, 'Die E-Mail-Adresse ist zu lang')
  .pipe(z.email('Ungültiges E-Mail Format'));

/** A new password: 8–128 characters (argon2 has no 72-byte cut like bcrypt, but hashing needs a bound). */
export const newPasswordSchema = z
  .string({ error: 'Passwort wird benötigt' })
  .min(1, 'Passwort wird benötigt')
  .min(PASSWORD_MIN, 'Bitte geben Sie mind. 8 Zeichen ein')
  .max(PASSWORD_MAX, 'Bitte geben Sie höchstens 128 Zeichen ein');

/**
 * Why the API refuses a new password of the right length (docs/api.md "Sessions"): it is in the
 * list of common and breached passwords, or it holds the e-mail's local part. The list is checked on the server only (it is too large for the web app's
 * first load); the forms show the API's message at the password field.
 */
export const newPasswordMessages = {
  common:
    'Dieses Passwort ist zu verbreitet: Es steht in Listen häufig verwendeter und gestohlener Passwörter. Bitte wählen Sie ein anderes.',
  containsEmail: 'Das Passwort darf Ihre E-Mail-Adresse nicht enthalten. Bitte wählen Sie ein anderes.',
} as const;

/**
 * An existing password is only checked, never judged: any non-empty string up to the maximum.
 * (The reference product says "Password wird benötigt"; a slip, fixed here: docs/web.md "Texts".)
 */
export const passwordSchema = z
  .string({ error: 'Passwort wird benötigt' })
  .min(1, 'Passwort wird benötigt')
  .max(PASSWORD_MAX, 'Bitte geben Sie höchstens 128 Zeichen ein');

export const codeSchema = z
  .string({ error: 'Code wird benötigt' })
  .trim()
  .min(1, 'Code wird benötigt')
  .max(200, 'Ungültiger Code');

export const loginSchema = z.strictObject({ email: emailSchema, password: passwordSchema });
export const emailOnlySchema = z.strictObject({ email: emailSchema });
export const emailCodeSchema = z.strictObject({ email: emailSchema, code: codeSchema });
export const registrationFinishSchema = z.strictObject({
  email: emailSchema,
  code: codeSchema,
  password: newPasswordSchema,
  name: textSchema({ max: 100 }).optional(),
});
export const passwordResetSchema = z.strictObject({
  email: emailSchema,
  code: codeSchema,
  password: newPasswordSchema,
});

export type LoginInput = z.infer<typeof loginSchema>;
export type RegistrationFinishInput = z.infer<typeof registrationFinishSchema>;
export type PasswordResetInput = z.infer<typeof passwordResetSchema>;
