import { forgetSession, hadSession, markSessionExpired } from '../lib/session';
import { currentUser } from '../reference-data/profile';
import { onSessionEnded } from '../reference-data/session';
import { loginPathFor } from '../config/return-after-login';
import { routePaths } from '../config/routes';

// The pages where a `logout: true` answer is expected and means nothing (docs/product.md "Session"),
// and the invitation page, which signed-out people use the same way.
const authPaths = new Set<string>([
  routePaths.auth,
  routePaths['auth-validate'],
  routePaths['auth-registration'],
  routePaths['auth-forgot-password'],
  routePaths['auth-reset-password'],
  routePaths['auth-invitation'],
]);

function isAuthPath(pathname: string): boolean {
  return authPaths.has(pathname.replace(/\/+$/, '') || '/');
}

/**
 * Session expiry (docs/product.md "Session"): an answer with `logout: true` outside the auth pages, for a browser that
 * was signed in, stores the sessionExpired marker and forces the logout to the login page, where
 * the marker turns into the info toast. A visitor who never signed in gets the same answers (the
 * server flags every 401) and is simply sent to login by the guard.
 */
export function installSessionExpiryHandler(): void {
  onSessionEnded(() => {
    if (isAuthPath(window.location.pathname) || !hadSession()) return;
    markSessionExpired();
    forgetSession();
    // With a user on screen the whole app state belongs to the ended session: start afresh. During
    // the first profile fetch the guard sends the browser to login anyway.
    if (currentUser()) window.location.assign(loginPathFor(window.location));
  });
}
