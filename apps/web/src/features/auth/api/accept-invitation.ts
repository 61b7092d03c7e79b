import type { z } from 'zod';
import type { invitationAcceptSchema, User } from '@saldopilot/shared';
import { api } from '../../../lib/api-client';

export type InvitationAcceptInput = z.input<typeof invitationAcceptSchema>;

/**
 * Joins the inviting organisation, which becomes the current one: an existing account confirms its
 * password, a new one is created with it. Signs in; the answer is the user.
 */
export function acceptInvitation(input: InvitationAcceptInput): Promise<User> {
  return api.post<User>('/api/auth/invitation/accept', input);
}
