import type { ExportFormat } from '@saldopilot/shared';
import { api, type DownloadedFile } from '../../../lib/api-client';
import type { BankEntryPageQuery } from './list-bank-entries';

/** The entries as a file with the page's search, filters and sort, every row (docs/reports.md "Lists"). */
export function exportBankEntries(
  accountId: number,
  format: ExportFormat,
  { page: _page, limit: _limit, ...query }: BankEntryPageQuery,
): Promise<DownloadedFile> {
  return api.download(`/api/bank-accounts/${accountId}/entries/export`, { query: { format, ...query } });
}
