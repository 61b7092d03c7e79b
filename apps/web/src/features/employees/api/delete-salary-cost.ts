import { api } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { employeeKeys } from './list-employees';

export async function deleteSalaryCost(id: number): Promise<void> {
  await api.delete(`/api/employees/salaries/costs/${id}`);
  await queryClient.invalidateQueries({ queryKey: employeeKeys.all });
}
