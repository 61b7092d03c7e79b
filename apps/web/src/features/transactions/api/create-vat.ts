import type { Vat, VatCreate } from '@saldopilot/shared';
import { api } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { vatKeys } from './list-vats';

export async function createVat(input: VatCreate): Promise<Vat> {
  const created = await api.post<Vat>('/api/vats', input);
  await queryClient.invalidateQueries({ queryKey: vatKeys.all });
  return created;
}
