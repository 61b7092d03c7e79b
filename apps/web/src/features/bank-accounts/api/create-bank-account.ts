import type { BankAccount, BankAccountCreate } from '@saldopilot/shared';
import { api } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { bankAccountKeys } from './list-bank-accounts';

/** Creates an account (also a clone); the lists and the total load again. */
export async function createBankAccount(input: BankAccountCreate): Promise<BankAccount> {
  const created = await api.post<BankAccount>('/api/bank-accounts', input);
  await queryClient.invalidateQueries({ queryKey: bankAccountKeys.all });
  return created;
}
