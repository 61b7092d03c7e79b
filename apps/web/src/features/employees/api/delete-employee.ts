import { api } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { employeeKeys } from './list-employees';

/** Deletes the employee with its salaries and their costs. */
export async function deleteEmployee(id: number): Promise<void> {
  await api.delete(`/api/employees/${id}`);
  // The detail query of the deleted employee must not load again (it would answer 404).
  queryClient.removeQueries({ queryKey: employeeKeys.detail(id) });
  await queryClient.invalidateQueries({ queryKey: employeeKeys.lists() });
}
