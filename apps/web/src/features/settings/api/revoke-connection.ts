import { api } from '../../../lib/api-client';

/** Ends an assistant's connection: its tokens stop working at once. */
export async function revokeConnection(id: number): Promise<void> {
  await api.delete(`/api/connections/${id}`);
}
