import { api } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { categoriesQuery } from '../../../reference-data/categories';

/** Deletes an own category no transaction uses (one in use answers 409). */
export async function deleteCategory(id: number): Promise<void> {
  await api.delete(`/api/categories/${id}`);
  await queryClient.invalidateQueries({ queryKey: categoriesQuery.queryKey });
}
