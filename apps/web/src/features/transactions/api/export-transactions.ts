import type { ExportFormat } from '@saldopilot/shared';
import { api, type DownloadedFile } from '../../../lib/api-client';
import type { TransactionListParams } from './list-transactions';

/** The list as a file with the page's search, filters and sort, every row (docs/reports.md "Lists"). */
export function exportTransactions(
  format: ExportFormat,
  { page: _page, limit: _limit, ...query }: TransactionListParams,
): Promise<DownloadedFile> {
  return api.download('/api/transactions/export', { query: { format, ...query } });
}
