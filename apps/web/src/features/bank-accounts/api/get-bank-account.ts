import { queryOptions } from '@tanstack/react-query';
import type { BankAccount } from '@saldopilot/shared';
import { api } from '../../../lib/api-client';
import { bankAccountKeys } from './list-bank-accounts';

/** One account (the entries page's heading); a missing or another organisation's is a 404. */
export function bankAccountQuery(id: number) {
  return queryOptions({
    queryKey: bankAccountKeys.detail(id),
    queryFn: ({ signal }) => api.get<BankAccount>(`/api/bank-accounts/${id}`, { signal }),
    retry: false,
  });
}
