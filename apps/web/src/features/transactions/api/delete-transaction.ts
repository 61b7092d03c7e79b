import { api } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { transactionKeys } from './list-transactions';

export async function deleteTransaction(id: number): Promise<void> {
  await api.delete(`/api/transactions/${id}`);
  await queryClient.invalidateQueries({ queryKey: transactionKeys.all });
}
