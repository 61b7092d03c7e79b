import { TOAST } from '@saldopilot/shared';
import { createStore } from './store';

/** The toast message of docs/product.md "Entities": severity, summary, detail, life, closable, group, id. */
export type ToastSeverity = 'info' | 'success' | 'warn' | 'error' | 'secondary' | 'contrast';

/** Lives of docs/product.md "Constants": 6000 ms by default, 2000 "medium", 1000 "short"; or any number of ms. */
export type ToastLife = 'default' | 'medium' | 'short' | number;

export interface ToastMessage {
  severity: ToastSeverity;
  summary: string;
  detail?: string;
  life?: ToastLife;
  /** The user may close it (default); false hides the close button. */
  closable?: boolean;
  /** Toasts of a group can be removed together. */
  group?: string;
  /** A toast with the id of a shown one replaces it instead of stacking a copy. */
  id?: string;
  /**
   * One button in the toast ("Rückgängig"): a click closes the toast and runs it. Not kept by
   * `showToastAfterReload` (a function does not survive the reload).
   */
  action?: ToastAction;
}

export interface ToastAction {
  label: string;
  run: () => void;
}

export interface ShownToast extends Required<Pick<ToastMessage, 'severity' | 'summary' | 'closable'>> {
  key: string;
  id?: string;
  detail?: string;
  group?: string;
  lifeMs: number;
  action?: ToastAction;
}

export const toastStore = createStore<ShownToast[]>([]);

let counter = 0;

export function lifeInMs(life: ToastLife = 'default'): number {
  return typeof life === 'number' ? life : TOAST.lifeMs[life];
}

/** Shows a toast in the app's toast area (bottom-center). Answers its key for `closeToast`. */
export function showToast(message: ToastMessage): string {
  counter += 1;
  const key = message.id ?? `toast-${counter}`;
  const toast: ShownToast = {
    key: message.id ? `${message.id}-${counter}` : key,
    id: message.id,
    severity: message.severity,
    summary: message.summary,
    detail: message.detail,
    group: message.group,
    closable: message.closable ?? true,
    lifeMs: lifeInMs(message.life),
    action: message.action,
  };
  toastStore.set((shown) => [...shown.filter((other) => !message.id || other.id !== message.id), toast]);
  return toast.key;
}

export function closeToast(key: string): void {
  toastStore.set((shown) => shown.filter((toast) => toast.key !== key));
}

/** Removes every toast, or those of one group. */
export function clearToasts(group?: string): void {
  toastStore.set((shown) => (group === undefined ? [] : shown.filter((toast) => toast.group !== group)));
}

const PENDING_KEY = 'saldopilot:pendingToast';

/** Shows a toast on the next page load (the current page is about to reload). */
export function showToastAfterReload(message: ToastMessage): void {
  try {
    window.sessionStorage.setItem(PENDING_KEY, JSON.stringify(message));
  } catch {
    // Without storage the message is simply not shown.
  }
}

/** Shows the toast a previous page left for this one, once. */
export function showPendingToast(): void {
  let raw: string | null = null;
  try {
    raw = window.sessionStorage.getItem(PENDING_KEY);
    window.sessionStorage.removeItem(PENDING_KEY);
  } catch {
    return;
  }
  if (!raw) return;
  try {
    const message = JSON.parse(raw) as ToastMessage;
    if (typeof message.summary === 'string' && typeof message.severity === 'string') showToast(message);
  } catch {
    // A broken entry is dropped.
  }
}
