import { describe, expect, it } from 'vitest';
import { isChunkLoadError, mayReload } from './reload-guard';

function memoryStore() {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => values.set(key, value),
  };
}

describe('reload guard', () => {
  it('reloads a path at most once per 10 seconds', () => {
    const store = memoryStore();
    expect(mayReload('/employees', 1_000, store)).toBe(true);
    expect(mayReload('/employees', 5_000, store)).toBe(false);
    expect(mayReload('/employees', 10_999, store)).toBe(false);
    expect(mayReload('/employees', 11_000, store)).toBe(true);
  });

  it('counts each path on its own', () => {
    const store = memoryStore();
    expect(mayReload('/employees', 1_000, store)).toBe(true);
    expect(mayReload('/transactions', 1_500, store)).toBe(true);
  });

  it('ignores a garbled or future timestamp', () => {
    const store = memoryStore();
    store.setItem('saldopilot:reloaded:/x', 'abc');
    expect(mayReload('/x', 1_000, store)).toBe(true);
    store.setItem('saldopilot:reloaded:/x', '99999999');
    expect(mayReload('/x', 1_000, store)).toBe(true);
  });

  it('recognises the browsers’ chunk-load errors', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Unable to preload CSS for /assets/x.css'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });
});
