import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { BankAccountList, BankAccountSortField } from '@saldopilot/shared';
import { api, asApiError } from '../../../lib/api-client';
import { areaQueryRoots } from '../../../lib/query-keys';
import type { ListPageQuery } from '../../../components/list/use-list-query';

export type BankAccountPageQuery = ListPageQuery<BankAccountSortField>;

/** Query keys of the bank accounts: every write invalidates `all` (lists and totals alike). */
export const bankAccountKeys = {
  all: areaQueryRoots.bankAccounts,
  list: (query: BankAccountPageQuery) => [...bankAccountKeys.all, 'list', query] as const,
  /** One account and its entries (an import reloads them through `all`). */
  account: (id: number) => [...bankAccountKeys.all, 'account', id] as const,
  detail: (id: number) => [...bankAccountKeys.account(id), 'detail'] as const,
  entries: (id: number, query: object) => [...bankAccountKeys.account(id), 'entries', query] as const,
};

export const bankAccountsMessages = { loadFailed: 'Bankkonten konnten nicht geladen werden' } as const;

/** One page of the organisation's accounts with the total over all of them ("Total Bankguthaben"). */
export function listBankAccounts(query: BankAccountPageQuery, signal?: AbortSignal): Promise<BankAccountList> {
  return api.get<BankAccountList>('/api/bank-accounts', { query: { ...query }, signal }).catch((error: unknown) => {
    throw asApiError(error, bankAccountsMessages.loadFailed);
  });
}

/** The list query of a page; the previous page stays on screen while the next one loads. */
export function bankAccountsQuery(query: BankAccountPageQuery) {
  return queryOptions({
    queryKey: bankAccountKeys.list(query),
    queryFn: ({ signal }) => listBankAccounts(query, signal),
    placeholderData: keepPreviousData,
  });
}
