import type { ProfileUpdate, User } from '@saldopilot/shared';
import { api } from '../../../lib/api-client';

/** Changes the user's name; the answer is the updated user. */
export function updateProfile(changes: ProfileUpdate): Promise<User> {
  return api.patch<User>('/api/profile', changes);
}
