import { queryOptions } from '@tanstack/react-query';
import type { EmployeeDetail } from '@saldopilot/shared';
import { api } from '../../../lib/api-client';
import { employeeKeys } from './list-employees';

/** One employee with the data of its representative salary and how many salaries and costs it has. */
export function getEmployee(id: number, signal?: AbortSignal): Promise<EmployeeDetail> {
  return api.get<EmployeeDetail>(`/api/employees/${id}`, { signal });
}

export function employeeQuery(id: number) {
  return queryOptions({ queryKey: employeeKeys.detail(id), queryFn: ({ signal }) => getEmployee(id, signal) });
}
