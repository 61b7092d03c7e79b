import { SIGNED_IN_COOKIE } from '@saldopilot/shared';
import { readCookie } from './cookies';

/**
 * What the browser remembers about sessions between page loads, in localStorage:
 * - `sessionExpired` (docs/product.md "Session"): set when the server ended a session; the login page removes it and
 *   tells the user once.
 * - "had session": this browser was signed in and has not signed out. Only then does a `logout: true`
 *   answer mean an expired session; a first-time visitor gets the same answer and must not see the
 *   message (the server flags every 401).
 */
const SESSION_EXPIRED_KEY = 'saldopilot:sessionExpired';
const HAD_SESSION_KEY = 'saldopilot:hadSession';

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    // Storage can be disabled; the app then simply shows no expiry message.
    return undefined;
  }
}

export function rememberSession(): void {
  storage()?.setItem(HAD_SESSION_KEY, '1');
}

export function forgetSession(): void {
  storage()?.removeItem(HAD_SESSION_KEY);
}

export function hadSession(): boolean {
  return storage()?.getItem(HAD_SESSION_KEY) === '1';
}

/**
 * Whether a session cookie can exist in this browser: the API's readable marker is there (set and
 * cleared with the HttpOnly session cookies, docs/api.md "Sessions"), or this browser remembers a
 * session (one made before the marker existed). Neither: asking for the profile can only answer 401,
 * so the auth pages do not ask (docs/api.md "Sessions": a 401 in the console on every auth page).
 */
export function sessionMayExist(cookies: string = document.cookie): boolean {
  return readCookie(SIGNED_IN_COOKIE, cookies) === '1' || hadSession();
}

export function markSessionExpired(): void {
  storage()?.setItem(SESSION_EXPIRED_KEY, '1');
}

/** True once after a session expired: the marker is removed as it is read. */
export function takeSessionExpiredMarker(): boolean {
  const store = storage();
  if (!store || store.getItem(SESSION_EXPIRED_KEY) === null) return false;
  store.removeItem(SESSION_EXPIRED_KEY);
  return true;
}
