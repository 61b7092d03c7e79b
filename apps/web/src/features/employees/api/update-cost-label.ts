import type { SalaryCostLabel, SalaryCostLabelCreate } from '@saldopilot/shared';
import { api } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { employeeKeys } from './list-employees';

/** Renames a label; the costs showing it load again too. */
export async function updateCostLabel(id: number, input: SalaryCostLabelCreate): Promise<SalaryCostLabel> {
  const updated = await api.patch<SalaryCostLabel>(`/api/employees/salaries/costs/labels/${id}`, input);
  await queryClient.invalidateQueries({ queryKey: employeeKeys.all });
  return updated;
}
