import { newPasswordMessages } from '@saldopilot/shared';
import { validationFailed } from './app-error.js';

/**
 * What a new password must not be (docs/api.md "Sessions"), beyond its length: one of the common
 * and breached passwords, or the e-mail's local part or anything holding it. The list is the
 * 49,000 most common passwords of published breach corpora that zxcvbn-ts ships under the MIT
 * licence (`@zxcvbn-ts/language-common`, "passwords-common", lower case), checked offline; held
 * in a Set, a check costs a hash look-up.
 */
let commonPasswords: Promise<Set<string>> | undefined;

/**
 * The list, loaded on the first password set (2 MB of dictionaries: loading it with the app cost
 * every start ~100 ms; docs/deploy.md "Cold start").
 */
function commonPasswordsOnce(): Promise<Set<string>> {
  commonPasswords ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => new Set<string>(dictionary['passwords-common'] as string[]),
  );
  return commonPasswords;
}

/** A local part shorter than this is no word a password could be said to hold. */
const MIN_LOCAL_PART = 3;

/** The German reason a new password is refused, or undefined when it may be used. */
export async function weakPasswordReason(password: string, email: string): Promise<string | undefined> {
  const lower = password.toLowerCase();
  if ((await commonPasswordsOnce()).has(lower)) return newPasswordMessages.common;
  const local = email.trim().toLowerCase().split('@')[0] ?? '';
  if (lower === local || (local.length >= MIN_LOCAL_PART && lower.includes(local))) {
    return newPasswordMessages.containsEmail;
  }
  return undefined;
}

/** Refuses a weak new password with a 400 naming `password` (nothing is stored or used up). */
export async function requireStrongPassword(password: string, email: string): Promise<void> {
  const reason = await weakPasswordReason(password, email);
  if (reason) throw validationFailed({ password: reason });
}
