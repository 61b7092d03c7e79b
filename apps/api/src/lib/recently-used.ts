/**
 * Small helpers for maps kept as "most recently used last", bounded by dropping the oldest entries:
 * the forecast's memory (modules/forecasts/forecast-cache.ts) and the answers kept written and
 * compressed (plugins/encoded-answer.ts). Values are promises, so that requests arriving while the
 * first one still works share its work; a failed one is forgotten, so the next read tries again.
 */

/** Puts `key` last in `map` (most recently used) and drops the oldest entries beyond `max`. */
export function touch<K, V>(map: Map<K, V>, key: K, value: V, max: number): V {
  map.delete(key);
  map.set(key, value);
  for (const oldest of map.keys()) {
    if (map.size <= max) break;
    map.delete(oldest);
  }
  return value;
}

/** `entry` (a promise, or an object holding one as `value`), removed from `map` should it fail. */
export function forgetOnFailure<K, V extends { value: Promise<unknown> } | Promise<unknown>>(
  map: Map<K, V>,
  key: K,
  entry: V,
): V {
  const promise = entry instanceof Promise ? entry : entry.value;
  promise.catch(() => {
    if (map.get(key) === entry) map.delete(key);
  });
  return entry;
}

/** The value under `key` in `map` (most recently used), else `make`'s, kept unless it fails. */
export function remembered<K, V>(map: Map<K, Promise<V>>, key: K, make: () => Promise<V>, max: number): Promise<V> {
  const cached = map.get(key);
  if (cached) return touch(map, key, cached, max);
  const value = make();
  touch(map, key, forgetOnFailure(map, key, value), max);
  return value;
}
