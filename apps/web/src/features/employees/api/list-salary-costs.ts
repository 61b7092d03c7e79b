import { queryOptions } from '@tanstack/react-query';
import type { SalaryCost, SalaryCostList } from '@saldopilot/shared';
import { api } from '../../../lib/api-client';
import { employeeKeys } from './list-employees';

/** The costs of one salary with their calculated fields. */
export async function listSalaryCosts(salaryId: number, signal?: AbortSignal): Promise<SalaryCost[]> {
  // The API's largest page (100); a salary has a handful of costs.
  const page = await api.get<SalaryCostList>(`/api/employees/salaries/${salaryId}/costs`, {
    query: { limit: 100 },
    signal,
  });
  return page.data;
}

export function salaryCostsQuery(salaryId: number) {
  return queryOptions({
    queryKey: employeeKeys.costs(salaryId),
    queryFn: ({ signal }) => listSalaryCosts(salaryId, signal),
  });
}
