import { queryOptions, useQuery } from '@tanstack/react-query';
import { PAGINATION, type BankAccountList } from '@saldopilot/shared';
import { api, asApiError } from '../lib/api-client';
import { areaQueryRoots } from '../lib/query-keys';

export const bankAccountChoicesMessages = { loadFailed: 'Bankkonten konnten nicht geladen werden' } as const;

/** A bank account as a choice: the transaction form's "Bankkonto", the settings' "Lohnkonto". */
export interface BankAccountChoice {
  id: number;
  name: string;
}

/**
 * The organisation's accounts to choose from (docs/plan-actual.md "Coverage"), by name: the first
 * page at the largest size (an organisation has a handful). Under the accounts' root, so any
 * account write reloads it.
 */
export const bankAccountChoicesQuery = queryOptions({
  queryKey: [...areaQueryRoots.bankAccounts, 'choices'] as const,
  queryFn: ({ signal }) =>
    api
      .get<BankAccountList>('/api/bank-accounts', {
        query: { page: 1, limit: PAGINATION.maxLimit, sortBy: 'name', sortOrder: 'ASC' },
        signal,
      })
      .then((page) => page.data.map(({ id, name }): BankAccountChoice => ({ id, name })))
      .catch((error: unknown) => {
        throw asApiError(error, bankAccountChoicesMessages.loadFailed);
      }),
});

export function useBankAccountChoices() {
  return useQuery(bankAccountChoicesQuery);
}
