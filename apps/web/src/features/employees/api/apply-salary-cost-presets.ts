import type { SalaryCostPresets, SalaryCostsCreated } from '@saldopilot/shared';
import { api } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { employeeKeys } from './list-employees';

/** Adds the chosen Swiss contributions as ordinary costs (labels created when missing). */
export async function applySalaryCostPresets(salaryId: number, input: SalaryCostPresets): Promise<SalaryCostsCreated> {
  const created = await api.post<SalaryCostsCreated>(`/api/employees/salaries/${salaryId}/costs/presets`, input);
  await queryClient.invalidateQueries({ queryKey: employeeKeys.all });
  return created;
}
