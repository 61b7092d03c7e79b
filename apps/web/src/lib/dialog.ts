import type { ReactNode } from 'react';
import { createStore } from './store';
import { closeUnlessKept } from './unsaved-changes';

/** What the content of a dynamic dialog receives to close it (with an optional result). */
export interface DialogControls<Result> {
  /** Closes at once, with the result (a form that saved). */
  close: (result?: Result) => void;
  /**
   * Leaves without a result, as Escape, the close button, a mask click and "Abbrechen" do: a dialog
   * whose input changed asks "Änderungen verwerfen?" first (docs/web.md "Forms and dialogs").
   */
  dismiss: () => void;
  /** Tells the dialog whether its input differs from what it opened with. */
  setDirty: (dirty: boolean) => void;
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
  /** Its input changed: leaving asks first (`dismiss`). */
  dirty: boolean;
  dismiss: () => void;
  setDirty: (dirty: boolean) => void;
  /** What had the focus when the dialog opened (the button that opened it, usually). */
  opener: Element | null;
}

export const dialogStore = createStore<OpenDialog[]>([]);

/**
 * The Escape presses one of the app's modals (dialogs, the confirm dialog) has acted on. Mantine
 * hears Escape on the window, in every open modal: without this, the Escape that opened
 * "Änderungen verwerfen?" also reached the new question and answered it "Nein" at once, and the
 * Escape that answered a question could reach the dialog beneath.
 */
export const handledEscapes = new WeakSet<KeyboardEvent>();
let counter = 0;

/**
 * Opens a dialog in the app's dynamic dialog host (docs/product.md "Application shell": not draggable, 90vw up to 639 px).
 * Dialogs stack; Escape, the close button and a mask click leave the top one (asking first while
 * its input changed: `setDirty`). Answers the result given to `close`, or undefined when the user
 * dismissed it.
 */
export function openDialog<Result = undefined>(request: DialogRequest<Result>): Promise<Result | undefined> {
  return new Promise((resolve) => {
    counter += 1;
    const key = counter;
    const update = (change: Partial<OpenDialog>) =>
      dialogStore.set((open) => open.map((dialog) => (dialog.key === key ? { ...dialog, ...change } : dialog)));
    const close = (result?: unknown) => {
      update({ closing: true });
      resolve(result as Result | undefined);
    };
    const dirty = () => dialogStore.get().find((dialog) => dialog.key === key)?.dirty ?? false;
    const setDirty = (next: boolean) => {
      if (next !== dirty()) update({ dirty: next });
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
        dirty: false,
        dismiss: () => void closeUnlessKept(dirty(), () => close()),
        setDirty,
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
