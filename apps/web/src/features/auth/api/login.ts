import type { LoginInput, User } from '@saldopilot/shared';
import { api } from '../../../lib/api-client';

/** Signs in; the session cookies arrive with the answer, which is the user. */
export function login(credentials: LoginInput): Promise<User> {
  return api.post<User>('/api/auth/login', credentials);
}
