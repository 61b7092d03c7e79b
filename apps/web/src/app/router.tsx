import type { ComponentType } from 'react';
import { createBrowserRouter, replace, type RouteObject } from 'react-router';

type AppRouter = ReturnType<typeof createBrowserRouter>;
import type { RouteHandle } from '../lib/document-title';
import { importOrReload } from '../lib/reload-guard';
import { hasPositiveIntegerId, validateRoute } from '../lib/route-validation';
import { DelayedLoader } from '../components/feedback/delayed-loader';
import { forecastLoader } from '../features/forecast/forecast-loader';
import { overviewLoader } from '../features/portfolio/overview-loader';
import { anyone, currentOrganisation, rememberedSettingsTab, signedInOnly, signedOutOnly } from './guards';
import { AuthLayout } from './layouts/auth-layout';
import { RootLayout } from './layouts/root-layout';
import { NotFoundPage, notFoundHandle } from './not-found-page';
import { RouteErrorBoundary } from './route-error-boundary';
import { pathTo, routePaths, type RouteName } from '../config/routes';

/** What every page module under features/ exports (React Router's lazy-route convention). */
interface PageModule {
  Component: ComponentType;
  handle?: RouteHandle;
}

/**
 * Loads a page's chunk. When the chunk is gone (a newer build was deployed) the page being opened
 * is loaded afresh, at most once per 10 s per path (docs/product.md "Overlays, toasts and dialogs"); meanwhile nothing renders.
 */
function loadPage(load: () => Promise<PageModule>): () => Promise<PageModule> {
  // During a navigation the address bar still shows the page being left.
  return importOrReload(load, () => router?.state.navigation.location ?? window.location);
}

/**
 * A named route whose page is its own chunk, loaded on first visit (route-level code splitting).
 * The route id is the route name of docs/product.md "Routes", so `useMatches()` tells which named route is active.
 */
function page(name: RouteName, load: () => Promise<PageModule>, more: Omit<RouteObject, 'index'> = {}): RouteObject {
  return { id: name, path: routePaths[name], lazy: loadPage(load), ...more };
}

// While the first page loads: nothing for the usual few milliseconds, a spinner on a slow line.
function InitialLoad() {
  return <DelayedLoader />;
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
        id: 'auth-layout',
        Component: AuthLayout,
        children: [
          {
            // The five auth pages of docs/product.md "Route guards" send a signed-in user home.
            id: 'signed-out-only',
            loader: signedOutOnly,
            children: [
              page('auth', () => import('../features/auth/login-page')),
              page('auth-validate', () => import('../features/auth/validate-page')),
              page('auth-registration', () => import('../features/auth/registration-page')),
              page('auth-forgot-password', () => import('../features/auth/forgot-password-page')),
              page('auth-reset-password', () => import('../features/auth/reset-password-page')),
            ],
          },
          {
            // An invitation link works whoever is signed in (docs/web.md "Session").
            id: 'open-to-anyone',
            loader: anyone,
            children: [page('auth-invitation', () => import('../features/auth/invitation-page'))],
          },
          {
            // The consent page an assistant sends the browser to (docs/access.md "OAuth"): signed in, but without the
            // navigation, like the auth pages; a visitor signs in first and comes back with the query.
            id: 'signed-in-without-shell',
            loader: signedInOnly,
            children: [page('oauth-authorize', () => import('../features/oauth/consent-page'))],
          },
        ],
      },
      {
        id: 'app-layout',
        // The shell is its own chunk: the login page does not load the navigation it never shows.
        lazy: loadPage(() => import('./layouts/app-layout')),
        loader: signedInOnly,
        children: [
          // The loader is static (not in the page's chunk), so the totals' request starts beside the chunk.
          page('index', () => import('../features/forecast/forecast-page'), { loader: forecastLoader }),
          // docs/product.md "Routes" names this route without a path: it is the home page's address.
          { id: 'forecasts', path: routePaths.forecasts, loader: () => replace(pathTo('index')), element: null },
          page('forecasts-plan-actual', () => import('../features/plan-actual/plan-actual-page')),
          page('overview', () => import('../features/portfolio/portfolio-page'), { loader: overviewLoader }),
          page('scenarios', () => import('../features/scenarios/scenarios-page')),
          page('scenarios-compare', () => import('../features/scenarios/scenarios-compare-page')),
          page('scenarios-id', () => import('../features/scenarios/scenario-page'), { loader: validId }),
          page('settings', () => import('../features/settings/settings-page'), {
            children: [
              { index: true, loader: rememberedSettingsTab, element: null },
              page('settings-app', () => import('../features/settings/settings-app-page')),
              page('settings-organisations', () => import('../features/settings/settings-organisations-page'), {
                children: [
                  { index: true, loader: currentOrganisation, element: null },
                  page('settings-organisations-id', () => import('../features/settings/settings-organisation-page'), {
                    loader: validId,
                  }),
                ],
              }),
              page('settings-profile', () => import('../features/settings/settings-profile-page')),
              page('settings-access', () => import('../features/settings/settings-access-page')),
            ],
          }),
          page('employees', () => import('../features/employees/employees-page')),
          page('employees-id', () => import('../features/employees/employee-page'), { loader: validId }),
          page('transactions', () => import('../features/transactions/transactions-page')),
          page('bank-accounts', () => import('../features/bank-accounts/bank-accounts-page')),
          page('bank-accounts-id-entries', () => import('../features/bank-accounts/bank-entries-page'), {
            loader: validId,
          }),
          { id: 'not-found', path: '*', Component: NotFoundPage, handle: notFoundHandle },
        ],
      },
    ],
  },
];

let router: AppRouter | undefined;

/**
 * The app's router, made on first use: it starts navigating to the address in the bar as it is made,
 * so main.tsx makes it only after `redirectSignedOutVisitor` had its say.
 */
export function appRouter(): AppRouter {
  router ??= createBrowserRouter(routes);
  return router;
}
