import type { ComponentType } from 'react';
import { createBrowserRouter, redirect, type RouteObject } from 'react-router';
import type { RouteHandle } from '../lib/document-title';
import { hasPositiveIntegerId, validateRoute } from '../lib/route-validation';
import { AppLayout } from './layouts/app-layout';
import { AuthLayout } from './layouts/auth-layout';
import { RootLayout } from './layouts/root-layout';
import { NotFoundPage, notFoundHandle } from './not-found-page';
import { RouteErrorBoundary } from './route-error-boundary';
import { pathTo, routePaths, type RouteName } from './routes';

/** What every page module under features/ exports (React Router's lazy-route convention). */
interface PageModule {
  Component: ComponentType;
  handle: RouteHandle;
}

/**
 * A named route whose page is its own chunk, loaded on first visit (route-level code splitting).
 * The route id is the spec's route name, so `useMatches()` tells which named route is active.
 */
function page(name: RouteName, load: () => Promise<PageModule>, more: Omit<RouteObject, 'index'> = {}): RouteObject {
  return { id: name, path: routePaths[name], lazy: load, ...more };
}

/** A named route that only sends the browser on to another one. */
function redirectRoute(name: RouteName, target: RouteName): RouteObject {
  // `element: null` says "renders nothing on purpose" (React Router warns about leaves without one).
  return { id: name, path: routePaths[name], loader: () => redirect(pathTo(target)), element: null };
}

// Shows nothing while the first page chunk loads: it takes a few milliseconds.
function InitialLoad() {
  return null;
}

const validId = validateRoute(hasPositiveIntegerId);

const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    ErrorBoundary: RouteErrorBoundary,
    HydrateFallback: InitialLoad,
    children: [
      {
        // The signed-out guard arrives here with the auth issue.
        id: 'auth-layout',
        Component: AuthLayout,
        children: [
          page('auth', () => import('../features/auth/login-page')),
          page('auth-validate', () => import('../features/auth/validate-page')),
          page('auth-registration', () => import('../features/auth/registration-page')),
          page('auth-forgot-password', () => import('../features/auth/forgot-password-page')),
          page('auth-reset-password', () => import('../features/auth/reset-password-page')),
        ],
      },
      {
        // The signed-in guard and the shell arrive here with their issues.
        id: 'app-layout',
        Component: AppLayout,
        children: [
          page('index', () => import('../features/forecast/forecast-page')),
          redirectRoute('forecasts', 'index'),
          page('settings', () => import('../features/settings/settings-page'), {
            children: [
              // Later: the remembered settings tab (spec §4); profile is its default.
              { index: true, loader: () => redirect(pathTo('settings-profile')), element: null },
              page('settings-app', () => import('../features/settings/settings-app-page')),
              // Later: its index redirects to the user's current organisation (spec §2).
              page('settings-organisations', () => import('../features/settings/settings-organisations-page'), {
                children: [
                  page('settings-organisations-id', () => import('../features/settings/settings-organisation-page'), {
                    loader: validId,
                  }),
                ],
              }),
              page('settings-profile', () => import('../features/settings/settings-profile-page')),
            ],
          }),
          page('employees', () => import('../features/employees/employees-page')),
          page('employees-id', () => import('../features/employees/employee-page'), { loader: validId }),
          page('transactions', () => import('../features/transactions/transactions-page')),
          page('bank-accounts', () => import('../features/bank-accounts/bank-accounts-page')),
          { id: 'not-found', path: '*', Component: NotFoundPage, handle: notFoundHandle },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
