import { api } from '../../../lib/api-client';

/** Starts a registration: the server mails a confirmation link. */
export async function createRegistration(email: string): Promise<void> {
  await api.post('/api/auth/registration/create', { email });
}
