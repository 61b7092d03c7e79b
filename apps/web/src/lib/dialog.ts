import type { ReactNode } from 'react';
import { createStore } from './store';

/** What the content of a dynamic dialog receives to close it (with an optional result). */
export interface DialogControls<Result> {
  close: (result?: Result) => void;
}

export interface DialogRequest<Result> {
  header: string;
  /** The dialog's content; forms call `close(result)` when they are done. */
  content: (controls: DialogControls<Result>) => ReactNode;
  /** `compact` is 28 rem wide (small forms), `wide` up to 65 rem. */
  size?: 'compact' | 'wide';
}

export interface OpenDialog {
  key: number;
  /** Closed, playing its exit animation; removed by `removeDialog` when that ends. */
  closing: boolean;
  header: string;
  size: 'compact' | 'wide';
  content: (controls: DialogControls<unknown>) => ReactNode;
  close: (result?: unknown) => void;
  /** What had the focus when the dialog opened (the button that opened it, usually). */
  opener: Element | null;
}

export const dialogStore = createStore<OpenDialog[]>([]);
let counter = 0;

/**
 * Opens a dialog in the app's dynamic dialog host (docs/product.md "Application shell": not draggable, 90vw up to 639 px).
 * Dialogs stack; Escape and the close button close the top one. Answers the result given to
 * `close`, or undefined when the user dismissed it.
 */
export function openDialog<Result = undefined>(request: DialogRequest<Result>): Promise<Result | undefined> {
  return new Promise((resolve) => {
    counter += 1;
    const key = counter;
    const close = (result?: unknown) => {
      dialogStore.set((open) => open.map((dialog) => (dialog.key === key ? { ...dialog, closing: true } : dialog)));
      resolve(result as Result | undefined);
    };
    dialogStore.set((open) => [
      ...open,
      {
        key,
        closing: false,
        header: request.header,
        size: request.size ?? 'wide',
        content: request.content as (controls: DialogControls<unknown>) => ReactNode,
        close,
        opener: document.activeElement,
      },
    ]);
  });
}

/**
 * Drops a closed dialog once its exit animation ended and gives the focus back to what opened it.
 * Mantine returns the focus only for a modal that was first rendered closed; ours mount open. The
 * focus is left alone when it already moved on (into the next dialog, say) or the opener is gone
 * (the deleted item's button).
 */
export function removeDialog(key: number): void {
  const opener = dialogStore.get().find((dialog) => dialog.key === key)?.opener;
  dialogStore.set((open) => open.filter((dialog) => dialog.key !== key));
  // After React removed the dialog, which held the focus until then.
  window.setTimeout(() => {
    const focused = document.activeElement;
    const focusLost = focused === null || focused === document.body || !focused.isConnected;
    if (focusLost && opener instanceof HTMLElement && opener.isConnected) opener.focus({ preventScroll: true });
  });
}
