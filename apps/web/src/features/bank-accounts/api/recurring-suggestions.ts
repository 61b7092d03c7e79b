import { queryOptions } from '@tanstack/react-query';
import type {
  RecurringAccept,
  RecurringAcceptResult,
  RecurringDismiss,
  RecurringDismissResult,
  RecurringSuggestionList,
} from '@saldopilot/shared';
import { api, asApiError } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { areaQueryRoots, invalidatePlanQueries } from '../../../lib/query-keys';

/**
 * Recurring payments found in the statements (docs/recurring.md): the suggestions, accepting and
 * dismissing them. Under the bank accounts' root, so an import or a match anywhere reloads them.
 */

export const recurringMessages = {
  loadFailed: 'Wiederkehrende Zahlungen konnten nicht geladen werden',
  acceptFailed: 'Übernehmen fehlgeschlagen',
  dismissFailed: 'Verwerfen fehlgeschlagen',
} as const;

export const recurringSuggestionsKey = [...areaQueryRoots.bankAccounts, 'recurring-suggestions'] as const;

export function recurringSuggestionsQuery() {
  return queryOptions({
    queryKey: recurringSuggestionsKey,
    queryFn: ({ signal }) =>
      api.get<RecurringSuggestionList>('/api/recurring-suggestions', { signal }).catch((error: unknown) => {
        throw asApiError(error, recurringMessages.loadFailed);
      }),
  });
}

async function reload(): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: areaQueryRoots.bankAccounts }),
    queryClient.invalidateQueries({ queryKey: areaQueryRoots.transactions }),
    invalidatePlanQueries(),
  ]);
}

export async function acceptRecurring(request: RecurringAccept): Promise<RecurringAcceptResult> {
  const answer = await api
    .post<RecurringAcceptResult>('/api/recurring-suggestions/accept', request)
    .catch((error: unknown) => {
      throw asApiError(error, recurringMessages.acceptFailed);
    });
  await reload();
  return answer;
}

export async function dismissRecurring(request: RecurringDismiss): Promise<RecurringDismissResult> {
  const answer = await api
    .post<RecurringDismissResult>('/api/recurring-suggestions/dismiss', request)
    .catch((error: unknown) => {
      throw asApiError(error, recurringMessages.dismissFailed);
    });
  await reload();
  return answer;
}
