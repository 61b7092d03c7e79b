import type { Salary, SalaryCreate } from '@saldopilot/shared';
import { api } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { employeeKeys } from './list-employees';

/** Adds a salary or a termination; the neighbours' end dates follow on the server. */
export async function createSalary(employeeId: number, input: SalaryCreate): Promise<Salary> {
  const created = await api.post<Salary>(`/api/employees/${employeeId}/salaries`, input);
  await queryClient.invalidateQueries({ queryKey: employeeKeys.all });
  return created;
}
