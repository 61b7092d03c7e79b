import type { CsvMapping, CsvMappingAnswer, StatementFilePreview, StatementImportResult } from '@saldopilot/shared';
import { api } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { bankAccountKeys } from './list-bank-accounts';

/** A statement file as it is sent: its bytes and the content type the API reads it by. */
export interface StatementUpload {
  file: Blob;
  contentType: string;
  /** The account for statements whose IBAN matches none (or that have none). */
  bankAccountId?: number | undefined;
  /** Per statement (its place from 0) an account id or `new` (docs/bank-statements.md "Accounts"). */
  assign?: Record<number, number | 'new'> | undefined;
}

/** `{0: 12, 1: 'new'}` as the query's `0:12,1:new`; undefined when empty. */
function assignQuery(assign: StatementUpload['assign']): string | undefined {
  const parts = Object.entries(assign ?? {}).map(([index, target]) => `${index}:${target}`);
  return parts.length > 0 ? parts.join(',') : undefined;
}

function send<T>(path: string, { file, contentType, bankAccountId, assign }: StatementUpload): Promise<T> {
  return api.postFile<T>(path, file, contentType, { query: { bankAccountId, assign: assignQuery(assign) } });
}

/** What the file holds and what an import would do; nothing is stored (docs/bank-statements.md). */
export function previewStatement(upload: StatementUpload): Promise<StatementFilePreview> {
  return send('/api/bank-statements/preview', upload);
}

/** Imports the file in one transaction; accounts (balance, "Stand per") and entries load again. */
export async function importStatement(upload: StatementUpload): Promise<StatementImportResult> {
  const result = await send<StatementImportResult>('/api/bank-statements', upload);
  await queryClient.invalidateQueries({ queryKey: bankAccountKeys.all });
  return result;
}

/**
 * Remembers how the account's CSV exports are read (docs/bank-statements.md "CSV"): by header
 * names, used for every CSV imported into it from now on.
 */
export function saveCsvMapping(bankAccountId: number, csvMapping: CsvMapping): Promise<CsvMappingAnswer> {
  return api.put<CsvMappingAnswer>(`/api/bank-accounts/${bankAccountId}/csv-mapping`, { csvMapping });
}
