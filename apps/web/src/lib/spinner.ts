import { createStore } from './store';

/** The full-screen spinner (docs/product.md "Entities"): a show flag and an optional text. */
export interface SpinnerState {
  show: boolean;
  text?: string;
}

export const spinnerStore = createStore<SpinnerState>({ show: false });

export function showSpinner(text?: string): void {
  spinnerStore.set({ show: true, text });
}

export function hideSpinner(): void {
  spinnerStore.set({ show: false });
}
