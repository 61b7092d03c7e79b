import type { ForecastExportFormat, ForecastQuery } from '@saldopilot/shared';
import { api, type DownloadedFile } from '../../../lib/api-client';
import type { ScenarioChoice } from './get-forecast';

/**
 * The forecast as a file from the server (docs/reports.md): the saved figures for these months
 * and this performance (of the chosen scenario), named `Prognose-<Organisation>-<Datum>.<format>`.
 */
export function exportForecast(
  format: ForecastExportFormat,
  query: ForecastQuery & ScenarioChoice,
): Promise<DownloadedFile> {
  return api.download('/api/forecasts/export', { query: { format, ...query } });
}
