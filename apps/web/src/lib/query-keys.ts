import { queryClient } from './query-client';

/**
 * The query-key roots of the figures that follow the plan and its matches (docs/plan-actual.md):
 * the forecast and the Plan/Ist table (with the match suggestions under it). Several features
 * change them — matching an entry on the Buchungen page, "Entfällt" on the Prognose, the
 * organisation's settings — and features never import each other, so the roots live here.
 */
export const planQueryRoots = {
  forecasts: ['forecasts'] as const,
  planActual: ['plan-actual'] as const,
};

/** After a change to the plan or its matches: the forecast, Plan/Ist and the suggestions load again. */
export async function invalidatePlanQueries(): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: planQueryRoots.forecasts }),
    queryClient.invalidateQueries({ queryKey: planQueryRoots.planActual }),
  ]);
}
