import { lazy, Suspense, useState } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { FullScreenSpinner } from '../../components/feedback/full-screen-spinner';
import { LoadingBar } from '../../components/feedback/loading-bar';
import { NewVersionBanner } from '../../components/feedback/new-version-banner';
import { ToastArea } from '../../components/feedback/toast-area';
import { confirmStore } from '../../lib/confirm';
import { importOrReload } from '../../lib/reload-guard';
import { dialogStore } from '../../lib/dialog';
import { useStore } from '../../lib/store';
import { DocumentTitle } from '../document-title';

// Dialogs are loaded with the first question or form: the login page never needs them. Like a
// page, a host whose chunk is gone after a deployment reloads the page (docs/product.md "Overlays, toasts and dialogs").
const ConfirmDialogHost = lazy(
  importOrReload(() =>
    import('../../components/dialogs/confirm-dialog-host').then((module) => ({ default: module.ConfirmDialogHost })),
  ),
);
const DynamicDialogHost = lazy(
  importOrReload(() =>
    import('../../components/dialogs/dynamic-dialog-host').then((module) => ({ default: module.DynamicDialogHost })),
  ),
);

/** True from the first time `flag` is true on (the host then stays for its closing animations). */
function useOnceTrue(flag: boolean): boolean {
  const [seen, setSeen] = useState(flag);
  if (flag && !seen) setSeen(true);
  return seen || flag;
}

/** The root route: the pieces every page shares, one of each (docs/product.md "Application shell"). */
export function RootLayout() {
  const confirmWanted = useOnceTrue(useStore(confirmStore) !== null);
  const dialogWanted = useOnceTrue(useStore(dialogStore).length > 0);
  return (
    <>
      <DocumentTitle />
      <ScrollRestoration />
      <LoadingBar />
      <Outlet />
      <Suspense fallback={null}>
        {confirmWanted ? <ConfirmDialogHost /> : null}
        {dialogWanted ? <DynamicDialogHost /> : null}
      </Suspense>
      <FullScreenSpinner />
      <NewVersionBanner />
      <ToastArea />
    </>
  );
}
