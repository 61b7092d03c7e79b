import { queryOptions, useQuery } from '@tanstack/react-query';
import { hasRole, PAGINATION, type Organisation, type Pagination } from '@saldopilot/shared';
import { api, asApiError } from '../lib/api-client';
import { queryClient } from '../lib/query-client';
import { areaQueryRoots } from '../lib/query-keys';
import { createStore, useStore } from '../lib/store';

export const organisationsMessages = {
  loadFailed: 'Organisationen konnten nicht geladen werden',
} as const;

// The largest page: a user's organisations fit, so the dropdown never silently misses one.
const listQuery = { page: PAGINATION.organisations.page, limit: PAGINATION.maxLimit };

export const organisationsQuery = queryOptions({
  queryKey: [...areaQueryRoots.organisations, listQuery] as const,
  queryFn: () =>
    api
      .get<{ data: Organisation[]; pagination: Pagination }>('/api/organisations', { query: listQuery })
      .then((page) => page.data)
      .catch((error: unknown) => {
        throw asApiError(error, organisationsMessages.loadFailed);
      }),
  staleTime: Infinity,
});

// docs/product.md "Start of a signed-in app": at start the organisations are loaded after the other reference data.
const gate = createStore(false);

/** Lets the organisations load; the startup calls it once the other reference data settled. */
export function openOrganisationsGate(): void {
  gate.set(true);
}

/** The user's organisations (loaded once the startup opened the gate). */
export function useOrganisations() {
  return useQuery({ ...organisationsQuery, enabled: useStore(gate) });
}

/**
 * The page login leads to (docs/cockpit.md "The start page"): the Übersicht for a member of more
 * than one organisation, else the Prognose; the Prognose too when the list cannot be read.
 */
export async function homeAfterLogin(): Promise<'overview' | 'index'> {
  try {
    return (await queryClient.fetchQuery(organisationsQuery)).length > 1 ? 'overview' : 'index';
  } catch {
    return 'index';
  }
}

/** After creating or editing an organisation the list is loaded again (docs/product.md "API calls"). */
export function reloadOrganisations(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: areaQueryRoots.organisations });
}

/**
 * Whether the signed-in user may change business data of the current organisation (editor and
 * above; docs/web.md "Shell"). False while the organisations are still loading, so a read-only member
 * never sees a write control flash up; the server refuses their writes anyway (403).
 */
export function useCanEditCurrentOrganisation(currentOrganisationId: number | null): boolean {
  const role = useCurrentOrganisation(currentOrganisationId)?.role;
  return role !== undefined && hasRole(role, 'editor');
}

/** The current organisation (name, role, …); undefined while the organisations are still loading. */
export function useCurrentOrganisation(currentOrganisationId: number | null): Organisation | undefined {
  const { data: organisations } = useOrganisations();
  return organisations?.find((organisation) => organisation.id === currentOrganisationId);
}
