import { queryOptions } from '@tanstack/react-query';
import type {
  LearnedDelays,
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
  applyFailed: 'Speichern fehlgeschlagen',
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

export const learnedDelaysKey = [...areaQueryRoots.bankAccounts, 'learned-delays'] as const;

/** The delays learned from the matched payments (docs/recurring.md "Payment delays"). */
export function learnedDelaysQuery() {
  return queryOptions({
    queryKey: learnedDelaysKey,
    queryFn: ({ signal }) =>
      api.get<LearnedDelays>('/api/recurring-suggestions/delays', { signal }).catch((error: unknown) => {
        throw asApiError(error, recurringMessages.loadFailed);
      }),
  });
}

/** "gelernte Verzögerung anwenden" of one transaction: the forecast follows. */
export async function applyLearnedDelay(transactionId: number, apply: boolean): Promise<void> {
  await api.put<undefined>(`/api/recurring-suggestions/delays/${transactionId}`, { apply }).catch((error: unknown) => {
    throw asApiError(error, recurringMessages.applyFailed);
  });
  await reload();
}
