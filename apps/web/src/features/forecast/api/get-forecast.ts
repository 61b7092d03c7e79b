import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Forecast, ForecastDetailsQuery, ForecastQuery } from '@saldopilot/shared';
import { api, asApiError } from '../../../lib/api-client';
import { planQueryRoots } from '../../../lib/query-keys';

/**
 * Query keys of the forecast: saving exclusions (and "Neu berechnen") invalidates `all`; other
 * features reach it through `planQueryRoots` (lib/query-keys.ts).
 */
export const forecastKeys = {
  all: planQueryRoots.forecasts,
  totals: (query: ForecastView) => [...forecastKeys.all, 'totals', query] as const,
  details: (query: ForecastDetailsQuery & ScenarioChoice) => [...forecastKeys.all, 'details', query] as const,
};

/** The scenario the page shows (`?scenario=<id>`, docs/scenarios.md "The web"); none: the base. */
export interface ScenarioChoice {
  scenario?: number | undefined;
}
/** What the page asks the totals for: months, performance and the scenario. */
export type ForecastView = ForecastQuery & ScenarioChoice;

export const forecastMessages = {
  loadFailed: 'Prognose konnte nicht geladen werden',
  detailsFailed: 'Fehler beim Laden der Prognose Details',
  saveFailed: 'Fehler beim Speichern der Prognose-Einstellungen',
} as const;

/** The month totals, start balance, missing rates and runway, computed on demand by the server. */
export function getForecast(query: ForecastView, signal?: AbortSignal): Promise<Forecast> {
  return api.get<Forecast>('/api/forecasts', { query: { ...query }, signal }).catch((error: unknown) => {
    throw asApiError(error, forecastMessages.loadFailed);
  });
}

/** The totals of the chosen months and performance; the previous answer stays while the next loads. */
export function forecastQuery(query: ForecastView) {
  return queryOptions({
    queryKey: forecastKeys.totals(query),
    queryFn: ({ signal }) => getForecast(query, signal),
    placeholderData: keepPreviousData,
  });
}
