import type { z } from 'zod';
import type { myInvitationSchema } from '@saldopilot/shared';
import { api } from '../../../lib/api-client';

export type MyInvitation = z.infer<typeof myInvitationSchema>;

/** Invitations waiting for the signed-in user's e-mail address. */
export function listMyInvitations(): Promise<MyInvitation[]> {
  return api.get<MyInvitation[]>('/api/me/invitations');
}
