import { api } from '../../../lib/api-client';

/** Revokes one of the user's tokens: programs using it lose access at once. */
export async function revokeApiToken(id: number): Promise<void> {
  await api.delete(`/api/api-tokens/${id}`);
}
