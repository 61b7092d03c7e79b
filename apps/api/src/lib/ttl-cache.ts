/**
 * A small map whose entries expire after `ttlMs` and which never grows beyond `maxEntries`
 * (the oldest entry goes first). For per-instance caching of hot, cheap-to-reload facts.
 */
export function createTtlCache<K, V>(ttlMs: number, maxEntries: number, now: () => number = Date.now) {
  const entries = new Map<K, { value: V; expiresAt: number }>();
  return {
    get(key: K): V | undefined {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.expiresAt <= now()) {
        entries.delete(key);
        return undefined;
      }
      return entry.value;
    },
    set(key: K, value: V): void {
      entries.delete(key);
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as K);
      entries.set(key, { value, expiresAt: now() + ttlMs });
    },
    delete: (key: K): void => void entries.delete(key),
    clear: (): void => entries.clear(),
  };
}
