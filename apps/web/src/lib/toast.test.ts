import { beforeEach, describe, expect, it } from 'vitest';
import { clearToasts, closeToast, lifeInMs, showToast, toastStore } from './toast';

describe('toasts', () => {
  beforeEach(() => clearToasts());

  it('has the lives of docs/product.md "Constants"', () => {
    expect(lifeInMs()).toBe(6000);
    expect(lifeInMs('medium')).toBe(2000);
    expect(lifeInMs('short')).toBe(1000);
    expect(lifeInMs(2500)).toBe(2500);
  });

  it('stacks toasts, closable unless told not', () => {
    showToast({ severity: 'info', summary: 'Info', detail: 'Eins' });
    showToast({ severity: 'contrast', summary: 'Zwei', closable: false, life: 'short' });
    expect(toastStore.get().map((toast) => [toast.summary, toast.closable, toast.lifeMs])).toEqual([
      ['Info', true, 6000],
      ['Zwei', false, 1000],
    ]);
  });

  it('replaces a shown toast with the same id instead of stacking a copy', () => {
    showToast({ id: 'startup', severity: 'warn', summary: 'Fehler' });
    showToast({ id: 'startup', severity: 'warn', summary: 'Fehler' });
    expect(toastStore.get()).toHaveLength(1);
  });

  it('closes one toast, or a group', () => {
    const key = showToast({ severity: 'success', summary: 'A' });
    showToast({ severity: 'error', summary: 'B', group: 'forms' });
    showToast({ severity: 'secondary', summary: 'C', group: 'forms' });
    closeToast(key);
    expect(toastStore.get().map((toast) => toast.summary)).toEqual(['B', 'C']);
    clearToasts('forms');
    expect(toastStore.get()).toEqual([]);
  });

  it('carries its one action ("Rückgängig") to the toast area', () => {
    const run = () => undefined;
    showToast({ severity: 'success', summary: 'Entfällt', action: { label: 'Rückgängig', run } });
    expect(toastStore.get()[0]?.action).toEqual({ label: 'Rückgängig', run });
  });
});
