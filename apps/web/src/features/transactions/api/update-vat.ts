import type { Vat, VatCreate } from '@saldopilot/shared';
import { api } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { transactionKeys } from './list-transactions';
import { vatKeys } from './list-vats';

/** Changes an own rate; the transactions using it show new VAT amounts, so they load again too. */
export async function updateVat(id: number, input: VatCreate): Promise<Vat> {
  const updated = await api.patch<Vat>(`/api/vats/${id}`, input);
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: vatKeys.all }),
    queryClient.invalidateQueries({ queryKey: transactionKeys.all }),
  ]);
  return updated;
}
