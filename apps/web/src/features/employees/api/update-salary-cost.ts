import type { SalaryCost, SalaryCostUpdate } from '@saldopilot/shared';
import { api } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { employeeKeys } from './list-employees';

export async function updateSalaryCost(id: number, changes: SalaryCostUpdate): Promise<SalaryCost> {
  const updated = await api.patch<SalaryCost>(`/api/employees/salaries/costs/${id}`, changes);
  await queryClient.invalidateQueries({ queryKey: employeeKeys.all });
  return updated;
}
