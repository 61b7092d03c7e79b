/**
 * The forecasts of the most recently read organisations, kept in memory while nothing they are
 * computed from changed: every write to a table the forecast reads raises the organisation's data
 * version (triggers of migration 0006), so "same version, same day" means "same rows". Loading the
 * rows of a big organisation takes hundreds of milliseconds and computing 60 months tens; a page
 * that reads the totals, then the details, then the totals again after "Neu berechnen" pays once.
 *
 * Entries hold promises, so that requests arriving while the first one still loads share its work
 * instead of each loading the same rows. A failed load or computation is forgotten, not cached.
 */

/** Organisations kept (least recently read goes first): bounds memory whatever the number of tenants. */
const MAX_ORGANISATIONS = 16;
/** Computed results kept per organisation: a few month/performance combinations a user switches between. */
const MAX_RESULTS = 4;

interface Entry<Data, Result> {
  /** Data version and day the entry was loaded for. */
  stamp: string;
  data: Promise<Data>;
  results: Map<string, Promise<Result>>;
}

/** Moves `key` to the end of `map` (most recently used) and drops the oldest entries beyond `max`. */
function touch<K, V>(map: Map<K, V>, key: K, value: V, max: number): V {
  map.delete(key);
  map.set(key, value);
  for (const oldest of map.keys()) {
    if (map.size <= max) break;
    map.delete(oldest);
  }
  return value;
}

/** Settles like `promise`, but first removes it from `map` if it fails, so the next read tries again. */
function forgetOnFailure<K, V>(map: Map<K, Promise<V>>, key: K, promise: Promise<V>): Promise<V> {
  promise.catch(() => {
    if (map.get(key) === promise) map.delete(key);
  });
  return promise;
}

export type ForecastCache<Data, Result> = ReturnType<typeof createForecastCache<Data, Result>>;

export function createForecastCache<Data, Result>() {
  const entries = new Map<number, Entry<Data, Result>>();

  return {
    /**
     * The result for `resultKey` of the organisation at `stamp` (its data version and the day): from
     * memory, or computed by `compute` from the data, which comes from memory or from `load`.
     */
    read(
      organisationId: number,
      stamp: string,
      resultKey: string,
      load: () => Promise<Data>,
      compute: (data: Data) => Result,
    ): Promise<Result> {
      let entry = entries.get(organisationId);
      if (!entry || entry.stamp !== stamp) {
        const data = load();
        entry = { stamp, data, results: new Map() };
        const loading = entry;
        // A failed load is not kept: the next read loads again.
        data.catch(() => {
          if (entries.get(organisationId) === loading) entries.delete(organisationId);
        });
      }
      touch(entries, organisationId, entry, MAX_ORGANISATIONS);
      const cached = entry.results.get(resultKey);
      if (cached) return touch(entry.results, resultKey, cached, MAX_RESULTS);
      const result = entry.data.then(compute);
      return touch(entry.results, resultKey, forgetOnFailure(entry.results, resultKey, result), MAX_RESULTS);
    },
  };
}
