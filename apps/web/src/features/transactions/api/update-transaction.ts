import type { Transaction, TransactionUpdate } from '@saldopilot/shared';
import { api } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { transactionKeys } from './list-transactions';

/** Changes the given fields of a transaction (a true partial update, also the status switch). */
export async function updateTransaction(id: number, changes: TransactionUpdate): Promise<Transaction> {
  const updated = await api.patch<Transaction>(`/api/transactions/${id}`, changes);
  await queryClient.invalidateQueries({ queryKey: transactionKeys.all });
  return updated;
}
