import type { Employee, EmployeeCreate } from '@saldopilot/shared';
import { api } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { employeeKeys } from './list-employees';

export async function createEmployee(input: EmployeeCreate): Promise<Employee> {
  const created = await api.post<Employee>('/api/employees', input);
  await queryClient.invalidateQueries({ queryKey: employeeKeys.all });
  return created;
}
