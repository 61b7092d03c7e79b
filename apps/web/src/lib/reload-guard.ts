import { RELOAD_GUARD_MS } from '@saldopilot/shared';

const KEY_PREFIX = 'saldopilot:reloaded:';

type Address = { pathname: string; search?: string; hash?: string };

/**
 * Decides whether a chunk-load failure on `path` may reload the page: at most once per 10 s per
 * path (docs/product.md "Overlays, toasts and dialogs", "Constants"), so a broken deployment shows the error page instead of reloading forever.
 * Records the reload when it allows one.
 */
export function mayReload(path: string, now: number, store: Pick<Storage, 'getItem' | 'setItem'>): boolean {
  const key = KEY_PREFIX + path;
  const last = Number(store.getItem(key));
  if (Number.isFinite(last) && last > 0 && now - last < RELOAD_GUARD_MS && now >= last) return false;
  store.setItem(key, String(now));
  return true;
}

/** A dynamic import failed because the file is gone (a newer build was deployed) or the network broke. */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return /dynamically imported module|importing a module script failed|error loading dynamically|unable to preload|failed to fetch/i.test(
    error.message,
  );
}

/**
 * Loads `target` (the address being opened, by default the current one) afresh after a chunk-load
 * error when the guard allows it and answers true; the caller then waits for the new page instead
 * of showing an error.
 */
export function reloadAfterChunkError(error: unknown, target: Address = window.location): boolean {
  if (!isChunkLoadError(error)) return false;
  let store: Storage;
  try {
    store = window.sessionStorage;
  } catch {
    return false;
  }
  if (!mayReload(target.pathname, Date.now(), store)) return false;
  const url = `${target.pathname}${target.search ?? ''}${target.hash ?? ''}`;
  if (url === `${window.location.pathname}${window.location.search}${window.location.hash}`) window.location.reload();
  else window.location.assign(url);
  return true;
}

/**
 * Wraps a dynamic import (a page, a dialog host): when its chunk is gone, the page is loaded afresh
 * under the guard above and the import never settles, so nothing half-loaded renders meanwhile.
 * `target` tells which address to load (during a navigation: the page being opened).
 */
export function importOrReload<T>(
  load: () => Promise<T>,
  target: () => Address = () => window.location,
): () => Promise<T> {
  return () =>
    load().catch((error: unknown) => {
      if (reloadAfterChunkError(error, target())) return new Promise<T>(() => undefined);
      throw error;
    });
}
