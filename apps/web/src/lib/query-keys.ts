import { queryClient } from './query-client';

/**
 * The query-key roots of the organisation's data, one per area. The feature api files build their
 * keys on them, and the realtime stream (lib/realtime.ts) invalidates them when another member
 * changed something — features never import each other and lib sits below them, so the roots live
 * here rather than in each feature.
 */
export const areaQueryRoots = {
  transactions: ['transactions'] as const,
  vats: ['vats'] as const,
  categories: ['categories'] as const,
  employees: ['employees'] as const,
  bankAccounts: ['bank-accounts'] as const,
  vatSettings: ['vat-settings'] as const,
  /** One organisation: its settings, members and invitations (Einstellungen → Organisationen → the organisation). */
  organisation: ['organisation'] as const,
  /** The user's organisations (the dropdown, Einstellungen → Organisationen). */
  organisations: ['organisations'] as const,
};

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
