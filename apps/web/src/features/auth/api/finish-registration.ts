import type { RegistrationFinishInput, User } from '@saldopilot/shared';
import { api } from '../../../lib/api-client';
import { newPasswordRefusal } from '../../../components/form/new-password';

/**
 * Creates the account and signs in: the signed-in user, `{ weakPassword }` when the API refused the
 * password (the form shows why at the field), or null when it failed otherwise (true/false:
 * docs/product.md "Error catalogue").
 */
export async function finishRegistration(
  input: RegistrationFinishInput,
): Promise<User | { weakPassword: string } | null> {
  try {
    return await api.post<User>('/api/auth/registration/finish', input);
  } catch (error) {
    const weakPassword = newPasswordRefusal(error);
    return weakPassword ? { weakPassword } : null;
  }
}
