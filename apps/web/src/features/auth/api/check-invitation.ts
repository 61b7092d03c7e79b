import type { z } from 'zod';
import type { invitationCheckSchema } from '@saldopilot/shared';
import { api, ApiError } from '../../../lib/api-client';

export type InvitationCheck = z.infer<typeof invitationCheckSchema>;

/** What a mailed invitation link leads to. */
export type InvitationLink =
  | { state: 'valid'; invitation: InvitationCheck }
  // Unknown, already accepted, revoked (404) or not a token at all (400).
  | { state: 'invalid' }
  | { state: 'expired' };

/**
 * Who invites to which organisation with which role, and whether the invited e-mail has an account.
 * Other failures (server unreachable, too many attempts) are thrown: the link may still be good.
 */
export async function checkInvitation(token: string): Promise<InvitationLink> {
  try {
    const invitation = await api.get<InvitationCheck>('/api/auth/invitation/check', { query: { token } });
    return { state: 'valid', invitation };
  } catch (error) {
    if (error instanceof ApiError && error.status === 410) return { state: 'expired' };
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return { state: 'invalid' };
    throw error;
  }
}
