import { queryOptions } from '@tanstack/react-query';
import type { LoginInput } from '@saldopilot/shared';
import { api } from '../../../lib/api-client';

/**
 * The demo account a development server seeds (docs/web.md "Session"); anywhere else the address is
 * a 404 and the answer is null, so the login page names nothing.
 */
export function getDemoAccount(): Promise<LoginInput | null> {
  return api.get<LoginInput>('/api/dev/demo-account').catch(() => null);
}

export const demoAccountQuery = queryOptions({
  queryKey: ['dev', 'demo-account'],
  queryFn: getDemoAccount,
  staleTime: Infinity,
  retry: false,
});
