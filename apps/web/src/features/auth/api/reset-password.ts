import type { PasswordResetInput } from '@saldopilot/shared';
import { api } from '../../../lib/api-client';

/** Sets the new password with the mailed code. */
export async function resetPassword(input: PasswordResetInput): Promise<void> {
  await api.post('/api/auth/reset-password', input);
}
