import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '@saldopilot/shared';
import { api, ApiError, asApiError } from '../lib/api-client';
import { queryClient } from '../lib/query-client';
import { forgetSession, rememberSession } from '../lib/session';

export const profileMessages = {
  loadFailed: 'Benutzer konnte nicht geladen werden',
} as const;

/** The signed-in user, or null when nobody is signed in (the API answered 401). */
async function fetchProfile(): Promise<User | null> {
  try {
    const user = await api.get<User>('/api/profile');
    rememberSession();
    return user;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      forgetSession();
      return null;
    }
    throw asApiError(error, profileMessages.loadFailed);
  }
}

/** Fetched once per app load (docs/product.md "Route guards"); login, logout and updates set it directly. */
export const profileQuery = queryOptions({
  queryKey: ['profile'] as const,
  queryFn: fetchProfile,
  staleTime: Infinity,
  gcTime: Infinity,
});

/** Fetches the profile on the first navigation and answers the cached one afterwards. */
export function ensureProfile(): Promise<User | null> {
  return queryClient.ensureQueryData(profileQuery);
}

/** The user as currently known, without fetching. */
export function currentUser(): User | null | undefined {
  return queryClient.getQueryData(profileQuery.queryKey);
}

/** After login, registration and profile changes: the server's answer is the user. */
export function setUser(user: User | null): void {
  if (user) rememberSession();
  queryClient.setQueryData(profileQuery.queryKey, user);
}

/** The signed-in user inside the signed-in layout (the guard made sure there is one). */
export function useSignedInUser(): User {
  const { data } = useQuery(profileQuery);
  if (!data) throw new Error('useSignedInUser outside the signed-in layout');
  return data;
}

/** The user, null when signed out, undefined while unknown. */
export function useUser(): User | null | undefined {
  return useQuery(profileQuery).data;
}
