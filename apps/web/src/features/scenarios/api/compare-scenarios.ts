import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ScenarioCompare } from '@saldopilot/shared';
import { api, asApiError, type DownloadedFile } from '../../../lib/api-client';
import { scenarioTexts } from '../components/scenario-texts';
import { scenarioKeys } from './list-scenarios';

/** What a comparison asks: `ids` = "base,3,7" (the base and up to four scenarios), months, performance. */
export interface CompareQuery {
  ids: string;
  months: number;
  performance: number;
}

/** The months, KPIs and differences to the base of each entry (docs/scenarios.md "Szenarien vergleichen"). */
export function compareQuery(query: CompareQuery, enabled = true) {
  return queryOptions({
    queryKey: scenarioKeys.compare(query),
    queryFn: ({ signal }) =>
      api.get<ScenarioCompare>('/api/scenarios/compare', { query: { ...query }, signal }).catch((error: unknown) => {
        throw asApiError(error, scenarioTexts.compareFailed);
      }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The comparison report as PDF or XLSX (the file a bank receives). */
export function exportComparison(format: 'pdf' | 'xlsx', query: CompareQuery): Promise<DownloadedFile> {
  return api.download('/api/scenarios/compare/export', { query: { format, ...query } });
}
