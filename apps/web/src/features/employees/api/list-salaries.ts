import { queryOptions } from '@tanstack/react-query';
import type { Salary, SalaryList } from '@saldopilot/shared';
import { api } from '../../../lib/api-client';
import { employeeKeys } from './list-employees';

/** The employee's salaries and terminations, newest "Von" first, each with Netto and Gesamtkosten. */
export async function listSalaries(employeeId: number, signal?: AbortSignal): Promise<Salary[]> {
  // One page of 100 holds every salary a person plans (the API's largest page).
  const page = await api.get<SalaryList>(`/api/employees/${employeeId}/salaries`, { query: { limit: 100 }, signal });
  return page.data;
}

export function salariesQuery(employeeId: number) {
  return queryOptions({
    queryKey: employeeKeys.salaries(employeeId),
    queryFn: ({ signal }) => listSalaries(employeeId, signal),
  });
}
