import { queryOptions, useQuery } from '@tanstack/react-query';
import { PAGINATION, type Category, type Pagination } from '@saldopilot/shared';
import { api, asApiError } from '../lib/api-client';
import { areaQueryRoots } from '../lib/query-keys';

export const categoriesMessages = { loadFailed: 'Kategorien konnten nicht geladen werden' } as const;

export const categoriesQuery = queryOptions({
  queryKey: [...areaQueryRoots.categories, PAGINATION.categories] as const,
  queryFn: () =>
    api
      .get<{ data: Category[]; pagination: Pagination }>('/api/categories', { query: PAGINATION.categories })
      .then((page) => page.data)
      .catch((error: unknown) => {
        throw asApiError(error, categoriesMessages.loadFailed);
      }),
  staleTime: Infinity,
});

export function useCategories() {
  return useQuery(categoriesQuery);
}
