import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { SortOrder, TransactionList, TransactionSortField, transactionDirections } from '@saldopilot/shared';
import { api } from '../../../lib/api-client';
import { areaQueryRoots } from '../../../lib/query-keys';

export type TransactionDirection = (typeof transactionDirections)[number];

/** What the page asks the list for: paging, sort, search and the filters of docs/api.md "Lists". */
export interface TransactionListParams {
  page: number;
  limit: number;
  sortBy: TransactionSortField;
  sortOrder: SortOrder;
  search?: string | undefined;
  hideDisabled: boolean;
  hideExpired: boolean;
  categoryId?: number | undefined;
  direction?: TransactionDirection | undefined;
}

/**
 * The transactions' query keys. Every write invalidates `all`, so each list (any page, sort or
 * filter) loads again when it is shown next.
 */
export const transactionKeys = {
  all: areaQueryRoots.transactions,
  lists: () => [...transactionKeys.all, 'list'] as const,
  list: (params: TransactionListParams) => [...transactionKeys.lists(), params] as const,
};

/** One page of the organisation's transactions. */
export function listTransactions(params: TransactionListParams, signal?: AbortSignal): Promise<TransactionList> {
  return api.get<TransactionList>('/api/transactions', { query: { ...params }, signal });
}

export function transactionsQuery(params: TransactionListParams) {
  return queryOptions({
    queryKey: transactionKeys.list(params),
    queryFn: ({ signal }) => listTransactions(params, signal),
    // While the next page, sort or search loads, the current rows stay instead of a blank list.
    placeholderData: keepPreviousData,
  });
}
