import type { Affected } from '@saldopilot/shared';
import { api } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { categoriesQuery } from '../../../reference-data/categories';
import { transactionKeys } from './list-transactions';

/**
 * "Kategorie ersetzen und löschen": moves every transaction of the category to `targetId` and
 * deletes it, in one database transaction on the server (`deleteAfter`): both happen or neither.
 * Answers how many transactions were moved.
 */
export async function replaceCategory(id: number, targetId: number): Promise<Affected> {
  const result = await api.post<Affected>(`/api/categories/${id}/reassign`, { targetId, deleteAfter: true });
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: categoriesQuery.queryKey }),
    queryClient.invalidateQueries({ queryKey: transactionKeys.all }),
  ]);
  return result;
}
