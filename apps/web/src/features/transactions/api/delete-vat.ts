import { api } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { transactionKeys } from './list-transactions';
import { vatKeys } from './list-vats';

/** Deletes an own rate; the transactions that used it lose it, so they load again too. */
export async function deleteVat(id: number): Promise<void> {
  await api.delete(`/api/vats/${id}`);
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: vatKeys.all }),
    queryClient.invalidateQueries({ queryKey: transactionKeys.all }),
  ]);
}
