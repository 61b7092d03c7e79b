import type { Salary, SalaryUpdate } from '@saldopilot/shared';
import { api } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { employeeKeys } from './list-employees';

/** Changes the given fields of a salary (also the status switch). */
export async function updateSalary(id: number, changes: SalaryUpdate): Promise<Salary> {
  const updated = await api.patch<Salary>(`/api/employees/salaries/${id}`, changes);
  await queryClient.invalidateQueries({ queryKey: employeeKeys.all });
  return updated;
}
