import { api } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { employeeKeys } from './list-employees';

/** Deletes a label; the costs that had it show "<Kein Label>". */
export async function deleteCostLabel(id: number): Promise<void> {
  await api.delete(`/api/employees/salaries/costs/labels/${id}`);
  await queryClient.invalidateQueries({ queryKey: employeeKeys.all });
}
