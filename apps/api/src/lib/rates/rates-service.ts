import type { FastifyBaseLogger } from 'fastify';
import type { FiatRate } from '@saldopilot/shared';
import type { Clock } from '../clock.js';
import type { Database } from '../../db/client.js';
import { deriveCrossRates } from './cross-rates.js';
import { FALLBACK_SOURCE, readStoredRates, storeRates, type StoredRates } from './rates-repository.js';
import fallback from './fallback-rates.json' with { type: 'json' };

// Any constant works; it only has to be the same in every instance and unused elsewhere.
const RATES_SYNC_LOCK = 4_711_001;
const HOUR_MS = 3_600_000;
const FETCH_TIMEOUT_MS = 10_000;

export interface RatesServiceOptions {
  database: Database;
  clock: Clock;
  log: FastifyBaseLogger;
  ratesUrl: string;
  refreshHours: number;
}

export type RatesService = ReturnType<typeof createRatesService>;

/** What went wrong in one line: the message, and its cause's (fetch puts the network error there). */
function reasonOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? error.cause.message : undefined;
  return cause && !error.message.includes(cause) ? `${error.message}: ${cause}` : error.message;
}

/**
 * Exchange rates for every base currency, served from memory. The source of truth is the table of
 * EUR reference rates (ECB, else the bundled fallback); cross rates are derived on read.
 */
export function createRatesService({ database, clock, log, ratesUrl, refreshHours }: RatesServiceOptions) {
  let snapshot: StoredRates = { eurRates: {}, updatedAt: {} };
  // Rate tables per base, derived once per stored snapshot: every list with amounts converts.
  let tables = new Map<string, Readonly<Record<string, number>> | undefined>();
  // Counts the reloads: whatever was derived from the rates of an older one may be stale.
  let generation = 0;
  let timer: NodeJS.Timeout | undefined;
  const refreshMs = refreshHours * HOUR_MS;

  async function reload(): Promise<void> {
    snapshot = await readStoredRates(database.db);
    tables = new Map();
    generation += 1;
  }

  /**
   * Gives every currency of the bundled fallback a rate it does not have yet: a fresh machine
   * without network has rates at once, and a currency added later gets one too.
   */
  async function ensureRates(): Promise<void> {
    await storeRates(database.db, {
      eurRates: fallback.eurRates,
      rateDate: fallback.date,
      source: FALLBACK_SOURCE,
      updatedAt: new Date(`${fallback.date}T00:00:00Z`),
      onlyIfMissing: true,
    });
    await reload();
  }

  async function fetchEcbXml(): Promise<string> {
    const response = await fetch(ratesUrl, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
    if (!response.ok) throw new Error(`rates source answered ${response.status}`);
    return response.text();
  }

  function isFresh(): boolean {
    const last = snapshot.lastSourceUpdate;
    return last !== undefined && clock.now().getTime() - last.getTime() < refreshMs;
  }

  /**
   * Fetches the ECB rates and stores them, unless another instance holds the lock or the stored
   * rates are fresh. Failures keep the last stored rates and only log a warning.
   */
  async function refresh(options: { force?: boolean } = {}): Promise<'updated' | 'skipped' | 'failed'> {
    try {
      const outcome = await database.runExclusively(RATES_SYNC_LOCK, async () => {
        await reload();
        if (!options.force && isFresh()) return 'skipped' as const;
        // The XML parser loads with the first fetch, not at start (docs/deploy.md "Cold start").
        const [{ parseEcbDailyXml }, xml] = await Promise.all([import('./ecb-xml.js'), fetchEcbXml()]);
        const { date, eurRates } = parseEcbDailyXml(xml);
        await storeRates(database.db, { eurRates, rateDate: date, source: 'ecb', updatedAt: clock.now() });
        return 'updated' as const;
      });
      await reload();
      if (outcome.ran && outcome.value === 'updated') log.info({ url: ratesUrl }, 'exchange rates updated');
      return outcome.ran ? outcome.value : 'skipped';
    } catch (error) {
      // One line: an offline machine is expected, not a bug (the stack trace said nothing more).
      log.warn({ reason: reasonOf(error), url: ratesUrl }, 'exchange rates not updated; keeping the stored rates');
      return 'failed';
    }
  }

  return {
    ensureRates,
    refresh,
    /** Checks hourly; the lock and the freshness test make the real fetch happen every refreshHours. */
    startSchedule(): void {
      void refresh();
      timer = setInterval(() => void refresh(), Math.min(HOUR_MS, refreshMs));
      timer.unref();
    },
    stopSchedule(): void {
      if (timer) clearInterval(timer);
    },
    /** Changes whenever the rates are reloaded: a key for results computed with them. */
    generation(): number {
      return generation;
    },
    /**
     * The newest stored rate's time: the same on every instance that loaded the same rates, so a
     * result stored in the database names its rates with it (docs/cockpit.md "Stored rows").
     */
    stamp(): string {
      let newest = 0;
      for (const date of Object.values(snapshot.updatedAt)) newest = Math.max(newest, date.getTime());
      return new Date(newest).toISOString();
    },
    /**
     * Units of each currency per 1 `base` (`base` itself 1), by code, or undefined for an unknown
     * base: what `convertToBase` divides by. Derived once per base and stored snapshot.
     */
    rateTable(base: string): Readonly<Record<string, number>> | undefined {
      if (!tables.has(base)) tables.set(base, deriveCrossRates(snapshot.eurRates, base));
      return tables.get(base);
    },
    /** All rates of `base` (units of target per 1 base), or undefined for an unknown currency. */
    ratesFor(base: string): FiatRate[] | undefined {
      const crossRates = deriveCrossRates(snapshot.eurRates, base);
      if (!crossRates) return undefined;
      return Object.entries(crossRates)
        .filter(([target]) => target !== base)
        .map(([target, rate]) => ({ base, target, rate, updatedAt: pairUpdatedAt(snapshot, base, target) }));
    },
  };
}

/** A pair is as old as the older of its two EUR rates (a fresh ECB rate over a fallback one is not fresh). */
function pairUpdatedAt(rates: StoredRates, base: string, target: string): string {
  const times = [rates.updatedAt[base], rates.updatedAt[target]].filter((date) => date !== undefined);
  return new Date(Math.min(...times.map((date) => date.getTime()))).toISOString();
}
