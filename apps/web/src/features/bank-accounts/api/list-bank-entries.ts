import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { BankEntryList, BankEntryListQuery } from '@saldopilot/shared';
import { api, asApiError } from '../../../lib/api-client';
import { bankAccountKeys } from './list-bank-accounts';

/** The query of a page of entries: paging, sort, search, period and direction (the API's names). */
export type BankEntryPageQuery = Omit<BankEntryListQuery, 'search'> & { search?: string };

export const bankEntriesMessages = { loadFailed: 'Buchungen konnten nicht geladen werden' } as const;

/** One page of the booked entries of an account (docs/bank-statements.md "Entries"). */
export function bankEntriesQuery(accountId: number, query: BankEntryPageQuery) {
  return queryOptions({
    queryKey: bankAccountKeys.entries(accountId, query),
    queryFn: ({ signal }) =>
      api
        .get<BankEntryList>(`/api/bank-accounts/${accountId}/entries`, { query: { ...query }, signal })
        .catch((error: unknown) => {
          throw asApiError(error, bankEntriesMessages.loadFailed);
        }),
    placeholderData: keepPreviousData,
  });
}
