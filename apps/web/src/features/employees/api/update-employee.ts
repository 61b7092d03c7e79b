import type { Employee, EmployeeUpdate } from '@saldopilot/shared';
import { api } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { employeeKeys } from './list-employees';

export async function updateEmployee(id: number, changes: EmployeeUpdate): Promise<Employee> {
  const updated = await api.patch<Employee>(`/api/employees/${id}`, changes);
  await queryClient.invalidateQueries({ queryKey: employeeKeys.all });
  return updated;
}
