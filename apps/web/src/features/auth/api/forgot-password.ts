import { api } from '../../../lib/api-client';

/** Asks for a reset link; the server answers the same whether the e-mail exists or not. */
export async function forgotPassword(email: string): Promise<void> {
  await api.post('/api/auth/forgot-password', { email });
}
