import { api } from '../../../lib/api-client';

/** Whether a registration link is still valid; any failure counts as "no" (docs/product.md "Error catalogue"). */
export async function checkRegistrationCode(email: string, code: string): Promise<boolean> {
  try {
    await api.post('/api/auth/registration/check-code', { email, code });
    return true;
  } catch {
    return false;
  }
}
