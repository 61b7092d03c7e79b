import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { PAGINATION, type CategoryList, type EmployeeList, type TransactionList } from '@saldopilot/shared';
import { api } from '../../../lib/api-client';
import { areaQueryRoots } from '../../../lib/query-keys';

/**
 * The rows a lever may target (docs/scenarios.md "Implementation of the web"): transactions and
 * employees searched on the server over all of the organisation's rows (a big organisation has
 * 10,000 transactions: a first page would hide most of them), categories loaded page by page.
 * The keys sit under the areas' roots, so a change of the base (here or by another member) shows at
 * once.
 */
export type TargetKind = 'transactions' | 'employees';

/** How many rows one search offers (a person types to narrow it). */
const SEARCH_LIMIT = 50;

const listQueries = {
  transactions: { sortBy: 'name', sortOrder: 'ASC', hideDisabled: false, hideExpired: false },
  // Terminated employees too: a leave or raise may name anyone the base still pays.
  employees: { sortBy: 'name', sortOrder: 'ASC', hideTerminated: false },
} as const;

/** The rows whose name holds `search` (all when empty), by name, the first SEARCH_LIMIT. */
export function targetSearchQuery(kind: TargetKind, search: string) {
  return queryOptions({
    queryKey: [...areaQueryRoots[kind], 'scenario-targets', search] as const,
    queryFn: ({ signal }) =>
      api.get<TransactionList | EmployeeList>(`/api/${kind}`, {
        query: { page: 1, limit: SEARCH_LIMIT, ...listQueries[kind], search: search || undefined },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** One row by id: the name of a chosen target that the current search does not show, or of a lever's sentence. */
export function targetQuery(kind: TargetKind, id: number | null | undefined) {
  return queryOptions({
    queryKey: [...areaQueryRoots[kind], 'scenario-target', id ?? null] as const,
    queryFn: ({ signal }) => api.get<{ id: number; name: string }>(`/api/${kind}/${id}`, { signal }),
    enabled: id != null && id > 0,
    // A deleted target ("Ziel gelöscht") answers 404: no name, no retries.
    retry: false,
  });
}

/** Every category of the organisation, page after page (the reference data holds the first page only). */
export const allCategoriesQuery = queryOptions({
  queryKey: [...areaQueryRoots.categories, 'scenario-targets'] as const,
  queryFn: async ({ signal }) => {
    const rows: CategoryList['data'] = [];
    for (let page = 1; ; page += 1) {
      const answer = await api.get<CategoryList>('/api/categories', {
        query: { page, limit: PAGINATION.maxLimit },
        signal,
      });
      rows.push(...answer.data);
      if (answer.pagination.totalRemaining === 0 || answer.data.length === 0) return rows;
    }
  },
});
