import type { SalaryCost, SalaryCostCreate } from '@saldopilot/shared';
import { api } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { employeeKeys } from './list-employees';

export async function createSalaryCost(salaryId: number, input: SalaryCostCreate): Promise<SalaryCost> {
  const created = await api.post<SalaryCost>(`/api/employees/salaries/${salaryId}/costs`, input);
  await queryClient.invalidateQueries({ queryKey: employeeKeys.all });
  return created;
}
