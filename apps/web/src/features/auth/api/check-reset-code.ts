import { api } from '../../../lib/api-client';

/** Whether a reset link is still valid; any failure counts as "no" (docs/product.md "Error catalogue"). */
export async function checkResetCode(email: string, code: string): Promise<boolean> {
  try {
    await api.post('/api/auth/reset-password-check-code', { email, code });
    return true;
  } catch {
    return false;
  }
}
