import type { Transaction, TransactionCreate } from '@saldopilot/shared';
import { api } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { transactionKeys } from './list-transactions';

/** Creates a transaction (also a clone); the lists load again. */
export async function createTransaction(input: TransactionCreate): Promise<Transaction> {
  const created = await api.post<Transaction>('/api/transactions', input);
  await queryClient.invalidateQueries({ queryKey: transactionKeys.all });
  return created;
}
