import { api } from '../lib/api-client';
import { forgetSession } from '../lib/session';

/**
 * Ends the session on the server. Failures are only logged (docs/product.md "Error catalogue"): the caller leaves for the
 * login page anyway, and the cookies are HttpOnly, so the browser cannot drop them itself.
 */
export async function logout(): Promise<void> {
  forgetSession();
  try {
    await api.get('/api/auth/logout');
  } catch (error) {
    console.warn('Abmelden beim Server fehlgeschlagen', error);
  }
}

/** Renews the session cookies once after the app mounted (docs/product.md "Session"); the answer is not used. */
export async function requestAccessToken(): Promise<void> {
  try {
    await api.get('/api/access-token');
  } catch (error) {
    console.warn('Access-Token konnte nicht erneuert werden', error);
  }
}

/** Registers what happens when an answer says the server ended the session (`logout: true`). */
export function onSessionEnded(handler: () => void): void {
  api.setLogoutHandler(handler);
}
