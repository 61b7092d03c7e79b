import type { ExportFormat } from '@saldopilot/shared';
import type { ListPageQuery } from '../../../components/list/use-list-query';
import { api, type DownloadedFile } from '../../../lib/api-client';

/** The list as a file with the page's search and sort, every row (docs/reports.md "Lists"). */
export function exportBankAccounts(
  format: ExportFormat,
  { page: _page, limit: _limit, ...query }: ListPageQuery<string>,
): Promise<DownloadedFile> {
  return api.download('/api/bank-accounts/export', { query: { format, ...query } });
}
