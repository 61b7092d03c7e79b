import { useLocation } from 'react-router';
import { ErrorPage, errorPageTitle } from '../components/error-page';
import type { RouteHandle } from '../lib/document-title';
import { unknownRouteMessage } from '../lib/route-errors';

export const notFoundHandle: RouteHandle = { title: errorPageTitle(404) };

/** The non-fatal 404 of an unknown path: shown inside the app's frame, which keeps working. */
export function NotFoundPage() {
  const { pathname } = useLocation();
  return <ErrorPage status={404} message={unknownRouteMessage(pathname)} />;
}
