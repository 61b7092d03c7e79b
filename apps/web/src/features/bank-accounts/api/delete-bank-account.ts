import { api } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { bankAccountKeys } from './list-bank-accounts';

/** Deletes an account; the lists and the total load again. */
export async function deleteBankAccount(id: number): Promise<void> {
  await api.delete(`/api/bank-accounts/${id}`);
  await queryClient.invalidateQueries({ queryKey: bankAccountKeys.all });
}
