import type { AppDatabase } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import type { RatesService } from '../../lib/rates/rates-service.js';
import type { Tenant } from '../../lib/tenant.js';
import { dataVersionsOf } from './forecasts.repository.js';

/**
 * The organisation's stamp (docs/realtime.md "Stamps and ETags"): Zurich today and the sum of the
 * organisation's data versions (its own and the shared rows of organisation 0). Every write to a
 * table the forecast reads raises one of them (docs/forecast.md "Implementation"), so the sum grows
 * with every such write and names what every forecast, details, Plan/Ist and scenario answer is
 * computed from. One query, nothing computed.
 */
export type ForecastStamps = ReturnType<typeof createForecastStamps>;

export function createForecastStamps({ db, clock, rates }: { db: AppDatabase; clock: Clock; rates: RatesService }) {
  function stampOf(versions: ReadonlyMap<string, number>): string {
    let sum = 0;
    for (const version of versions.values()) sum += version;
    return `${clock.today()}.${sum}`;
  }
  return {
    async stamp(organisationId: number): Promise<string> {
      return stampOf(await dataVersionsOf(db, organisationId));
    },
    /**
     * What else an answer depends on besides the stamp and the request: the organisation (a browser
     * that switched organisations must not get the other one's answer confirmed by an equal stamp),
     * the currency, the rates loaded on this instance, and whether the caller sees single salaries.
     * Also answers the versions the stamp was made of: a route that computes the answer after all
     * hands them to the forecast, which then reads them no second time (one query per read instead
     * of two, docs/forecast.md "Implementation").
     */
    async tagParts(tenant: Tenant): Promise<{ stamp: string; rest: string; versions: ReadonlyMap<string, number> }> {
      const { organisationId, currencyId, seesSalaries } = tenant;
      const rest = `${organisationId}.${currencyId}.${rates.generation()}.${seesSalaries ? 's' : 'p'}`;
      const versions = await dataVersionsOf(db, organisationId);
      return { stamp: stampOf(versions), rest, versions };
    },
  };
}
