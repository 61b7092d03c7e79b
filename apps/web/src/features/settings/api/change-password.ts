import type { PasswordChange } from '@saldopilot/shared';
import { api } from '../../../lib/api-client';

/** Sets a new password after the server checked the current one. */
export async function changePassword(change: PasswordChange): Promise<void> {
  await api.post('/api/profile/password', change);
}
