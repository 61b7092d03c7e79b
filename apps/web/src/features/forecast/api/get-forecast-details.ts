import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  detailsOfColumns,
  type ForecastDetailColumns,
  type ForecastDetails,
  type ForecastDetailsQuery,
} from '@saldopilot/shared';
import { api, asApiError } from '../../../lib/api-client';
import { forecastKeys, forecastMessages, type ScenarioChoice } from './get-forecast';

/**
 * The details tree per month (category → leaf), the same months as the totals; leaves only of the
 * categories in `expand` (every category comes with its amounts). They come in columns (one
 * object per leaf, docs/forecast.md "Details on the wire") and are made back into the tree the
 * drafts, the VAT detail and the overdue views work on — only for the categories asked for.
 */
export function getForecastDetails(
  query: ForecastDetailsQuery & ScenarioChoice,
  signal?: AbortSignal,
): Promise<ForecastDetails> {
  return api
    .get<ForecastDetailColumns>('/api/forecasts/details', { query: { ...query }, signal })
    .then(detailsOfColumns, (error: unknown) => {
      throw asApiError(error, forecastMessages.detailsFailed);
    });
}

/**
 * The details, loaded only while something needs them (an expanded row or unsaved exclusions): a
 * large organisation's tree is far bigger than its totals, and the page is drawn without it.
 */
export function forecastDetailsQuery(query: ForecastDetailsQuery & ScenarioChoice, enabled: boolean) {
  return queryOptions({
    queryKey: forecastKeys.details(query),
    queryFn: ({ signal }) => getForecastDetails(query, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}
