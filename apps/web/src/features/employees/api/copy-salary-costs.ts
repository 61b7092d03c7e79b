import type { SalaryCostCopy, SalaryCostsCreated } from '@saldopilot/shared';
import { api } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { employeeKeys } from './list-employees';

/**
 * Copies costs into the salary `salaryId`: `{ ids }` appends copies of those costs (another salary of
 * the same employee), `{ sourceSalaryId }` replaces all its costs by the source salary's.
 */
export async function copySalaryCosts(salaryId: number, input: SalaryCostCopy): Promise<SalaryCostsCreated> {
  const copied = await api.post<SalaryCostsCreated>(`/api/employees/salaries/${salaryId}/costs/copy`, input);
  await queryClient.invalidateQueries({ queryKey: employeeKeys.all });
  return copied;
}
