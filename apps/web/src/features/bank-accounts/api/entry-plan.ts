import { queryOptions } from '@tanstack/react-query';
import type { BankEntry, BankEntryMatchCreate, ConfirmUniqueResult, MatchSuggestions } from '@saldopilot/shared';
import { api, asApiError } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { invalidatePlanQueries, planQueryRoots } from '../../../lib/query-keys';
import { bankAccountKeys } from './list-bank-accounts';

/**
 * An entry's place in the plan (docs/plan-actual.md "Suggestions", "Matching"): the suggestions,
 * matching and unlinking, "nicht geplant", and "Alle eindeutigen bestätigen". Every change loads the
 * account's entries again and, since the forecast counts nothing twice, the forecast and Plan/Ist.
 */

export const entryPlanMessages = { suggestionsFailed: 'Vorschläge konnten nicht geladen werden' } as const;

/**
 * The open occurrences an entry may be matched to, best first. Under the Plan/Ist root: every
 * match anywhere changes which occurrences are open, and that root is invalidated after each.
 */
export function matchSuggestionsQuery(entryId: number) {
  return queryOptions({
    queryKey: [...planQueryRoots.planActual, 'suggestions', entryId] as const,
    queryFn: ({ signal }) =>
      api
        .get<MatchSuggestions>(`/api/bank-entries/${entryId}/match-suggestions`, { signal })
        .catch((error: unknown) => {
          throw asApiError(error, entryPlanMessages.suggestionsFailed);
        }),
  });
}

async function reloadAfterChange(accountId: number): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: bankAccountKeys.account(accountId) }),
    invalidatePlanQueries(),
  ]);
}

async function changed<Answer>(accountId: number, request: Promise<Answer>): Promise<Answer> {
  const answer = await request;
  await reloadAfterChange(accountId);
  return answer;
}

/** Links the entry to a planned occurrence; `split` joins an occurrence another entry is matched to already. */
export function matchBankEntry(accountId: number, entryId: number, match: BankEntryMatchCreate): Promise<BankEntry> {
  return changed(accountId, api.post<BankEntry>(`/api/bank-entries/${entryId}/match`, match));
}

/** Unlinks the entry from its occurrence, or takes back its "nicht geplant" mark. */
export function unmatchBankEntry(accountId: number, entryId: number): Promise<BankEntry> {
  return changed(accountId, api.delete<BankEntry>(`/api/bank-entries/${entryId}/match`));
}

/** Marks the entry "nicht geplant": an actual without a plan, counted under the category. */
export function markEntryUnplanned(accountId: number, entryId: number, categoryId: number): Promise<BankEntry> {
  return changed(accountId, api.post<BankEntry>(`/api/bank-entries/${entryId}/unplanned`, { categoryId }));
}

/** "Alle eindeutigen bestätigen" for one account: the equal references and the only exact amounts. */
export function confirmUniqueMatches(accountId: number): Promise<ConfirmUniqueResult> {
  return changed(
    accountId,
    api.post<ConfirmUniqueResult>('/api/bank-entries/confirm-unique', undefined, {
      query: { bankAccountId: accountId },
    }),
  );
}
