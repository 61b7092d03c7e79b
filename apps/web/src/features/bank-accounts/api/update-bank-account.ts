import type { BankAccount, BankAccountUpdate } from '@saldopilot/shared';
import { api } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { bankAccountKeys } from './list-bank-accounts';

/** Changes the given fields of an account; the lists and the total load again. */
export async function updateBankAccount(id: number, changes: BankAccountUpdate): Promise<BankAccount> {
  const updated = await api.patch<BankAccount>(`/api/bank-accounts/${id}`, changes);
  await queryClient.invalidateQueries({ queryKey: bankAccountKeys.all });
  return updated;
}
