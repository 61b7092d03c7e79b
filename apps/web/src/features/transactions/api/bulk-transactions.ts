import type { Affected, TransactionBulk } from '@saldopilot/shared';
import { api } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { transactionKeys } from './list-transactions';

/**
 * Enables, disables or deletes several transactions in one request: the server does all or nothing,
 * so a failure leaves every selected row as it was.
 */
export async function bulkTransactions(request: TransactionBulk): Promise<Affected> {
  const result = await api.post<Affected>('/api/transactions/bulk', request);
  await queryClient.invalidateQueries({ queryKey: transactionKeys.all });
  return result;
}
