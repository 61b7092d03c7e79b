import { api } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { employeeKeys } from './list-employees';

/** Deletes a salary or a termination with its costs. */
export async function deleteSalary(id: number): Promise<void> {
  await api.delete(`/api/employees/salaries/${id}`);
  queryClient.removeQueries({ queryKey: employeeKeys.costs(id) });
  await queryClient.invalidateQueries({ queryKey: employeeKeys.all });
}
