import { replace, type LoaderFunctionArgs } from 'react-router';
import type { User } from '@saldopilot/shared';
import { ApiError } from '../lib/api-error';
import { readPreference, type PreferenceValue } from '../lib/preferences';
import { hadSession, sessionMayExist } from '../lib/session';
import { RouteError } from '../lib/route-errors';
import { ensureProfile } from '../reference-data/profile';
import { loginPathFor, returnTargetOf } from '../config/return-after-login';
import { pathTo, routePaths, type RouteName } from '../config/routes';

let bootProfileLoad: Promise<User | null> | undefined;

/**
 * The profile, fetched on the first navigation and cached for the app load (docs/product.md "Route guards"). A failure
 * other than "not signed in" is fatal: without knowing the user no page can be chosen.
 */
async function profileOrFail(): Promise<User | null> {
  // The first guard takes over the load `redirectSignedOutVisitor` started, failed or not, so a
  // failure is shown once and the profile is not asked for twice.
  const load = bootProfileLoad ?? ensureProfile();
  bootProfileLoad = undefined;
  try {
    return await load;
  } catch (error) {
    const status = error instanceof ApiError && error.status >= 400 ? error.status : 503;
    throw new RouteError(status, error instanceof Error ? error.message : String(error));
  }
}

/**
 * The five auth pages: a signed-in user goes home instead (docs/product.md "Route guards"); not the
 * invitation page. A login page that names a page to return to (the consent page) leads there.
 */
export async function signedOutOnly({ request }: LoaderFunctionArgs) {
  // Without a possible session cookie the answer can only be 401: not asked (`sessionMayExist`).
  if (sessionMayExist() && (await profileOrFail()))
    throw replace(returnTargetOf(new URL(request.url).search) ?? pathTo('index'));
  return null;
}

/**
 * The invitation page: open to everyone (docs/web.md "Session"), also when signed in. The profile
 * is still known before the page renders, so the page can tell who is signed in.
 */
export async function anyone() {
  if (sessionMayExist()) await profileOrFail();
  return null;
}

/**
 * Every other page: a visitor goes to login, replacing the history entry (docs/product.md "Route
 * guards"); from the consent page with the way back (`loginPathFor`).
 */
export async function signedInOnly({ request }: LoaderFunctionArgs) {
  if (!(await profileOrFail())) throw replace(loginPathFor(new URL(request.url)));
  return null;
}

const settingsTabRoutes = {
  profile: 'settings-profile',
  organisations: 'settings-organisations',
  app: 'settings-app',
  access: 'settings-access',
} as const satisfies Record<PreferenceValue<'settingsTab'>, RouteName>;

/** /settings opens the tab visited last (docs/product.md "Routes", "Remembered preferences"), the profile by default. */
export function rememberedSettingsTab(): never {
  throw replace(pathTo(settingsTabRoutes[readPreference('settingsTab')]));
}

/** /settings/organisations opens the user's current organisation (docs/product.md "Routes"). */
export async function currentOrganisation() {
  const user = await profileOrFail();
  if (user?.currentOrganisationId) {
    throw replace(pathTo('settings-organisations-id', { id: user.currentOrganisationId }));
  }
  return null;
}

/** True for the addresses open without a session: the auth pages and the invitation page. */
export function isPublicPath(pathname: string): boolean {
  return pathname === routePaths.auth || pathname.startsWith(`${routePaths.auth}/`);
}

/**
 * Before the router starts (its first navigation loads the chunks of every matched route, the app
 * shell and the page included, in parallel with the guards): a browser that was not signed in here
 * asks for the profile first, and a visitor without a session who opened an address that needs one
 * is moved to the login page in place, exactly as `signedInOnly` would send them. So a signed-out
 * deep link (`/employees`, `/`) loads what `/auth` loads and nothing of the signed-in app. A browser
 * that had a session starts at once, as before; any failure leaves the decision to the guards.
 */
export async function redirectSignedOutVisitor(location: Location = window.location): Promise<void> {
  if (hadSession() || isPublicPath(location.pathname)) return;
  // No session cookie can exist: the profile could only answer 401 (docs/web.md "First load").
  if (!sessionMayExist()) {
    window.history.replaceState(null, '', loginPathFor(location));
    return;
  }
  bootProfileLoad = ensureProfile();
  const user = await bootProfileLoad.catch(() => undefined);
  if (user === null) window.history.replaceState(null, '', loginPathFor(location));
}
