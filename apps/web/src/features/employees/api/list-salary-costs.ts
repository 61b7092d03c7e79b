import { queryOptions } from '@tanstack/react-query';
import type { SalaryCost } from '@saldopilot/shared';
import { api } from '../../../lib/api-client';
import { employeeKeys } from './list-employees';

/** The costs of one salary with their calculated fields. */
export function listSalaryCosts(salaryId: number, signal?: AbortSignal): Promise<SalaryCost[]> {
  return api.get<SalaryCost[]>(`/api/employees/salaries/${salaryId}/costs`, { signal });
}

export function salaryCostsQuery(salaryId: number) {
  return queryOptions({
    queryKey: employeeKeys.costs(salaryId),
    queryFn: ({ signal }) => listSalaryCosts(salaryId, signal),
  });
}
