import { Outlet, ScrollRestoration } from 'react-router';
import { DocumentTitle } from '../document-title';

/** The root route: whatever every page needs, whichever layout it has. */
export function RootLayout() {
  return (
    <>
      <DocumentTitle />
      <ScrollRestoration />
      <Outlet />
    </>
  );
}
