import type { Category, CategoryCreate } from '@saldopilot/shared';
import { api } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { categoriesQuery } from '../../../reference-data/categories';

/** Creates an own category; the app-wide category list loads again. */
export async function createCategory(input: CategoryCreate): Promise<Category> {
  const created = await api.post<Category>('/api/categories', input);
  await queryClient.invalidateQueries({ queryKey: categoriesQuery.queryKey });
  return created;
}
