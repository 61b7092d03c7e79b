import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { PlanActual, PlanActualMonthDetail, PlanActualQuery } from '@saldopilot/shared';
import { api, asApiError } from '../../../lib/api-client';
import { planQueryRoots } from '../../../lib/query-keys';

/**
 * Query keys of Plan/Ist: every match, "nicht geplant", "entfällt" and plan change elsewhere
 * invalidates the root (lib/query-keys.ts `invalidatePlanQueries`).
 */
export const planActualKeys = {
  all: planQueryRoots.planActual,
  table: (query: PlanActualQuery) => [...planActualKeys.all, 'table', query] as const,
  month: (month: string) => [...planActualKeys.all, 'month', month] as const,
};

export const planActualMessages = {
  loadFailed: 'Plan/Ist konnte nicht geladen werden',
  monthFailed: 'Die Details des Monats konnten nicht geladen werden',
} as const;

/** The table of a period (no period: the API's default, 12 months back to the current month, both included). */
export function planActualQuery(query: PlanActualQuery) {
  return queryOptions({
    queryKey: planActualKeys.table(query),
    queryFn: ({ signal }) =>
      api.get<PlanActual>('/api/plan-actual', { query: { ...query }, signal }).catch((error: unknown) => {
        throw asApiError(error, planActualMessages.loadFailed);
      }),
    placeholderData: keepPreviousData,
  });
}

/** The drill-down of one month: its occurrences with their state and entries, and its entries. */
export function planActualMonthQuery(month: string) {
  return queryOptions({
    queryKey: planActualKeys.month(month),
    queryFn: ({ signal }) =>
      api.get<PlanActualMonthDetail>('/api/plan-actual/month', { query: { month }, signal }).catch((error: unknown) => {
        throw asApiError(error, planActualMessages.monthFailed);
      }),
  });
}
