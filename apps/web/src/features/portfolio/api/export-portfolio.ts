import type { ExportFormat, PortfolioFilter, PortfolioSortKey } from '@saldopilot/shared';
import { api, type DownloadedFile } from '../../../lib/api-client';

/** The Übersicht as a file with the page's search, filter and sort (docs/cockpit.md "Export"). */
export function exportPortfolio(
  format: ExportFormat,
  query: { search: string; filter: PortfolioFilter; sortBy: PortfolioSortKey; descending: boolean },
): Promise<DownloadedFile> {
  return api.download('/api/portfolio/export', {
    query: { format, ...query, search: query.search || undefined },
  });
}
