import { queryOptions } from '@tanstack/react-query';
import type { Salary } from '@saldopilot/shared';
import { api } from '../../../lib/api-client';
import { employeeKeys } from './list-employees';

/** The employee's salaries and terminations, newest "Von" first, each with Netto and Gesamtkosten. */
export function listSalaries(employeeId: number, signal?: AbortSignal): Promise<Salary[]> {
  return api.get<Salary[]>(`/api/employees/${employeeId}/salaries`, { signal });
}

export function salariesQuery(employeeId: number) {
  return queryOptions({
    queryKey: employeeKeys.salaries(employeeId),
    queryFn: ({ signal }) => listSalaries(employeeId, signal),
  });
}
