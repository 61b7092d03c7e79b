import type { AppDatabase } from '../../db/client.js';
import type { ChangeBus } from '../../lib/change-bus.js';
import type { Clock } from '../../lib/clock.js';
import type { RatesService } from '../../lib/rates/rates-service.js';
import { touch } from '../../lib/recently-used.js';
import type { Tenant } from '../../lib/tenant.js';
import { dataVersionsOf } from './forecasts.repository.js';

/** Organisations whose versions are kept (least recently read goes first). */
const MAX_KEPT = 10_000;
/**
 * How long kept versions are trusted at most: a backstop for a write that reaches the database past
 * every announced path (docs/realtime.md "Stamps and ETags", "Writes past the API"), never the way
 * an ordinary write is seen.
 */
export const VERSIONS_MAX_AGE_MS = 60_000;

interface Kept {
  day: string;
  since: number;
  versions: Promise<ReadonlyMap<string, number>>;
}

/**
 * The organisation's stamp (docs/realtime.md "Stamps and ETags"): Zurich today and the sum of the
 * organisation's data versions (its own and the shared rows of organisation 0). Every write to a
 * table the forecast reads raises one of them (docs/forecast.md "Implementation"), so the sum grows
 * with every such write and names what every forecast, details, Plan/Ist and scenario answer is
 * computed from.
 *
 * The versions are kept in memory per organisation and day (docs/forecast.md "Speed": the version
 * query was 44 % of a cached read): dropped when the change bus tells of a change of the
 * organisation (every write through the API announces one, confirmed by every instance before it
 * answers: `written`), all of them when the bus may have missed changes (`reset`), and not used at
 * all while the bus's listener is not connected. A read keeps the pending query itself, so a drop
 * while it runs drops it too: versions read before a write are never kept after its announcement.
 */
export type ForecastStamps = ReturnType<typeof createForecastStamps>;

export function createForecastStamps({
  db,
  clock,
  rates,
  changes,
}: {
  db: AppDatabase;
  clock: Clock;
  rates: RatesService;
  changes: ChangeBus;
}) {
  const kept = new Map<number, Kept>();
  changes.subscribe({
    change(change) {
      if (!('organisationId' in change)) return;
      // Organisation 0's rows (the shared categories and VAT rates) count in every organisation's versions.
      if (change.organisationId === 0) kept.clear();
      else kept.delete(change.organisationId);
    },
    reset: () => kept.clear(),
  });

  function stampOf(versions: ReadonlyMap<string, number>): string {
    let sum = 0;
    for (const version of versions.values()) sum += version;
    return `${clock.today()}.${sum}`;
  }

  /** The organisation's data versions, from memory while nothing was announced (see above). */
  function versionsOf(organisationId: number): Promise<ReadonlyMap<string, number>> {
    if (!changes.listening()) return dataVersionsOf(db, organisationId);
    const day = clock.today();
    const now = performance.now();
    const entry = kept.get(organisationId);
    if (entry && entry.day === day && now - entry.since < VERSIONS_MAX_AGE_MS) {
      return touch(kept, organisationId, entry, MAX_KEPT).versions;
    }
    const versions = dataVersionsOf(db, organisationId);
    const fresh: Kept = { day, since: now, versions };
    touch(kept, organisationId, fresh, MAX_KEPT);
    versions.catch(() => {
      if (kept.get(organisationId) === fresh) kept.delete(organisationId);
    });
    return versions;
  }

  return {
    versionsOf,

    /**
     * After a committed write of the organisation's data that raised its versions: every instance
     * drops what it keeps of them before this resolves (the change bus confirms it, bounded).
     */
    async written(organisationId: number): Promise<void> {
      kept.delete(organisationId);
      await changes.publish({ kind: 'versions', organisationId });
    },

    async stamp(organisationId: number): Promise<string> {
      return stampOf(await versionsOf(organisationId));
    },
    /**
     * What else an answer depends on besides the stamp and the request: the organisation (a browser
     * that switched organisations must not get the other one's answer confirmed by an equal stamp),
     * the currency, the rates loaded on this instance, and whether the caller sees single salaries.
     * Also answers the versions the stamp was made of: a route that computes the answer after all
     * hands them to the forecast, which then reads them no second time.
     */
    async tagParts(tenant: Tenant): Promise<{ stamp: string; rest: string; versions: ReadonlyMap<string, number> }> {
      const { organisationId, currencyId, seesSalaries } = tenant;
      const rest = `${organisationId}.${currencyId}.${rates.generation()}.${seesSalaries ? 's' : 'p'}`;
      const versions = await versionsOf(organisationId);
      return { stamp: stampOf(versions), rest, versions };
    },
  };
}
