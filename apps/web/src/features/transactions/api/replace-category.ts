import type { Affected } from '@saldopilot/shared';
import { api } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { categoriesQuery } from '../../../reference-data/categories';
import { transactionKeys } from './list-transactions';

/**
 * "Kategorie ersetzen und löschen": moves every transaction of the category to `targetId`, then
 * deletes it. Answers how many transactions were moved.
 */
export async function replaceCategory(id: number, targetId: number): Promise<Affected> {
  // TODO(api): API.md names two calls (reassign, then delete); switch to the API's single call that
  // does both in one database transaction once it has landed.
  const result = await api.post<Affected>(`/api/categories/${id}/reassign`, { targetId });
  await api.delete(`/api/categories/${id}`);
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: categoriesQuery.queryKey }),
    queryClient.invalidateQueries({ queryKey: transactionKeys.all }),
  ]);
  return result;
}
