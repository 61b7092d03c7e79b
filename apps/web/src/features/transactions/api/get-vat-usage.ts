import type { Affected } from '@saldopilot/shared';
import { api } from '../../../lib/api-client';

/** How many transactions would lose the rate if it were deleted (asked before deleting). */
export function getVatUsage(id: number): Promise<Affected> {
  return api.get<Affected>(`/api/vats/${id}/usage`);
}
