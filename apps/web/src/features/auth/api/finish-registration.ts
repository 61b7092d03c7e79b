import type { RegistrationFinishInput, User } from '@saldopilot/shared';
import { api } from '../../../lib/api-client';

/** Creates the account and signs in: the signed-in user, or null when it failed (true/false: docs/product.md "Error catalogue"). */
export async function finishRegistration(input: RegistrationFinishInput): Promise<User | null> {
  try {
    return await api.post<User>('/api/auth/registration/finish', input);
  } catch {
    return null;
  }
}
