import type { SalaryCostLabel, SalaryCostLabelCreate } from '@saldopilot/shared';
import { api } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { employeeKeys } from './list-employees';

export async function createCostLabel(input: SalaryCostLabelCreate): Promise<SalaryCostLabel> {
  const created = await api.post<SalaryCostLabel>('/api/employees/salaries/costs/labels', input);
  await queryClient.invalidateQueries({ queryKey: employeeKeys.labels() });
  return created;
}
