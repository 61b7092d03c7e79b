import type { ExportFormat } from '@saldopilot/shared';
import { api, type DownloadedFile } from '../../../lib/api-client';
import type { EmployeeListParams } from './list-employees';

/** The list as a file with the page's search, filters and sort, every row (docs/reports.md "Lists"). */
export function exportEmployees(
  format: ExportFormat,
  { page: _page, limit: _limit, ...query }: EmployeeListParams,
): Promise<DownloadedFile> {
  return api.download('/api/employees/export', { query: { format, ...query } });
}
