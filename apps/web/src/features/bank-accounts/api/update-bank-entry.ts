import type { BankEntry, BankEntryUpdate } from '@saldopilot/shared';
import { api } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { bankAccountKeys } from './list-bank-accounts';

/** Sets or removes the category of an entry; the account's entries load again. */
export async function updateBankEntry(
  accountId: number,
  entryId: number,
  changes: BankEntryUpdate,
): Promise<BankEntry> {
  const updated = await api.patch<BankEntry>(`/api/bank-accounts/${accountId}/entries/${entryId}`, changes);
  await queryClient.invalidateQueries({ queryKey: bankAccountKeys.account(accountId) });
  return updated;
}
