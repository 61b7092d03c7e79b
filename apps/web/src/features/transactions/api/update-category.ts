import type { Category, CategoryCreate } from '@saldopilot/shared';
import { api } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { categoriesQuery } from '../../../reference-data/categories';
import { transactionKeys } from './list-transactions';

/** Renames an own category; the transactions show the new name, so they load again too. */
export async function updateCategory(id: number, input: CategoryCreate): Promise<Category> {
  const updated = await api.patch<Category>(`/api/categories/${id}`, input);
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: categoriesQuery.queryKey }),
    queryClient.invalidateQueries({ queryKey: transactionKeys.all }),
  ]);
  return updated;
}
