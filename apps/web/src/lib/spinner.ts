import { createStore } from './store';

/** The spec's full-screen spinner (§3): a show flag and an optional text. */
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
