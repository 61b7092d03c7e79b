import { createStore } from './store';

/** A question for the global confirm dialog (docs/product.md "Overlays, toasts and dialogs"). */
export interface ConfirmRequest {
  header: string;
  message: string;
  /** Default "Ja". */
  acceptLabel?: string;
  /** Default "Nein". */
  rejectLabel?: string;
  /** The button that has the focus when the dialog opens; accept unless set to reject (docs/product.md "Overlays, toasts and dialogs"). */
  defaultFocus?: 'accept' | 'reject';
  icon?: 'question' | 'warning' | 'info';
  /** Colours the accept button red for destructive steps. */
  danger?: boolean;
}

export interface OpenConfirm extends ConfirmRequest {
  key: number;
  resolve: (accepted: boolean) => void;
}

export const confirmStore = createStore<OpenConfirm | null>(null);
let counter = 0;

/**
 * Asks the user and answers true for accept, false for reject (or Escape). A second question
 * while one is open rejects the first.
 */
export function confirm(request: ConfirmRequest): Promise<boolean> {
  confirmStore.get()?.resolve(false);
  return new Promise((resolve) => {
    counter += 1;
    const key = counter;
    confirmStore.set({
      ...request,
      key,
      resolve: (accepted) => {
        if (confirmStore.get()?.key === key) confirmStore.set(null);
        resolve(accepted);
      },
    });
  });
}
