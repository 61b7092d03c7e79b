import { BASE_CURRENCY, type Currency } from '@saldopilot/shared';
import type { AppDatabase } from '../../db/client.js';
import type { RatesService } from '../../lib/rates/rates-service.js';
import { notFound } from '../../lib/app-error.js';
import { listCurrencies } from './reference.repository.js';

/** Reference data: currencies are fixed after the seed, so they are read once and served from memory. */
export async function createReferenceService(db: AppDatabase, rates: RatesService) {
  const currencies: Currency[] = await listCurrencies(db);
  const currencyCodes = new Set(currencies.map((currency) => currency.code));
  const currencyById = new Map(currencies.map((currency) => [currency.id, currency]));
  const currenciesJsonByFirst = new Map<number, string>();

  const base = currencies.find((currency) => currency.code === BASE_CURRENCY);
  if (!base) throw new Error(`the base currency ${BASE_CURRENCY} is not seeded`);

  return {
    /** The base currency (CHF): for organisations' defaults and users without an organisation. */
    baseCurrency: (): Currency => base,

    /** Every currency, by code. */
    listCurrencyDefinitions: (): Currency[] => currencies,

    /** One currency by id, or undefined. */
    currencyById: (id: number): Currency | undefined => currencyById.get(id),

    /**
     * The code of a currency a row references: rows reference currencies by foreign key and
     * currencies are never deleted, so a miss means the seed and the data disagree.
     */
    codeOf(id: number): string {
      const currency = currencyById.get(id);
      if (!currency) throw new Error(`currency ${id} is not loaded`);
      return currency.code;
    },

    /**
     * Every currency, the organisation's first, then by code — as JSON text, built once per first
     * currency: the list is fixed, and serialising 150 entries per request would dominate its cost.
     */
    currenciesJson(firstCurrencyId: number | null): string {
      const key = firstCurrencyId ?? 0;
      let json = currenciesJsonByFirst.get(key);
      if (json === undefined) {
        const first = currencies.filter((currency) => currency.id === firstCurrencyId);
        json = JSON.stringify([...first, ...currencies.filter((currency) => currency.id !== firstCurrencyId)]);
        currenciesJsonByFirst.set(key, json);
      }
      return json;
    },

    /** All rates of a base currency; 404 for a code that is no supported currency. */
    fiatRates(base: string) {
      const list = currencyCodes.has(base) ? rates.ratesFor(base) : undefined;
      if (!list) throw notFound(`Die Währung "${base}" ist nicht bekannt.`);
      return list.filter((rate) => currencyCodes.has(rate.target));
    },

    /** One rate; 404 when either currency is unknown. */
    fiatRate(base: string, target: string) {
      const rate = this.fiatRates(base).find((candidate) => candidate.target === target);
      if (!rate) throw notFound(`Für "${base}" nach "${target}" ist kein Wechselkurs bekannt.`);
      return rate;
    },
  };
}

export type ReferenceService = Awaited<ReturnType<typeof createReferenceService>>;
