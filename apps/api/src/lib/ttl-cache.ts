/**
 * A small map whose entries expire after `ttlMs` and which never grows beyond `maxEntries`
 * (the oldest entry goes first). For per-instance caching of hot, cheap-to-reload facts.
 *
 * Loading races invalidation: a load that read the database before a change committed may finish
 * after the change's invalidation, and must not store its older value then. So take `stamp()`
 * before loading and pass it to `set`: a value loaded before any later delete or clear is dropped.
 */
export function createTtlCache<K, V>(ttlMs: number, maxEntries: number, now: () => number = Date.now) {
  const entries = new Map<K, { value: V; expiresAt: number }>();
  let generation = 0;
  const invalidated = () => void (generation += 1);
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
    /** The moment to pass to `set` for a value about to be loaded. */
    stamp: (): number => generation,
    /** Stores the value, unless something was invalidated since `stamp` (the value may be older). */
    set(key: K, value: V, stamp = generation): void {
      if (stamp !== generation) return;
      entries.delete(key);
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as K);
      entries.set(key, { value, expiresAt: now() + ttlMs });
    },
    delete(key: K): void {
      invalidated();
      entries.delete(key);
    },
    /** Deletes every entry whose value matches (e.g. all sessions of one organisation). */
    deleteWhere(matches: (value: V, key: K) => boolean): void {
      invalidated();
      for (const [key, entry] of entries) if (matches(entry.value, key)) entries.delete(key);
    },
    clear(): void {
      invalidated();
      entries.clear();
    },
  };
}
