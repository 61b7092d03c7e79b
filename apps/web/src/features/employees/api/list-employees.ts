import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { EmployeeList, EmployeeSortField, SortOrder } from '@saldopilot/shared';
import { api } from '../../../lib/api-client';
import { areaQueryRoots } from '../../../lib/query-keys';

/** What the list page asks for: paging, sort, search and "Ausgetretene ausblenden". */
export interface EmployeeListParams {
  page: number;
  limit: number;
  sortBy: EmployeeSortField;
  sortOrder: SortOrder;
  search?: string | undefined;
  hideTerminated: boolean;
}

/**
 * The employees area's query keys. Employees, their salaries, salary costs and labels hang under one
 * root: every write invalidates `all`, so the list, the detail page (Brutto, Netto, Gesamtkosten)
 * and the cost overview all show the recomputed figures on their next read.
 */
export const employeeKeys = {
  all: areaQueryRoots.employees,
  lists: () => [...employeeKeys.all, 'list'] as const,
  list: (params: EmployeeListParams) => [...employeeKeys.lists(), params] as const,
  detail: (id: number) => [...employeeKeys.all, 'detail', id] as const,
  salaries: (employeeId: number) => [...employeeKeys.all, 'salaries', employeeId] as const,
  costs: (salaryId: number) => [...employeeKeys.all, 'costs', salaryId] as const,
  labels: () => [...employeeKeys.all, 'labels'] as const,
};

/** One page of the organisation's employees. */
export function listEmployees(params: EmployeeListParams, signal?: AbortSignal): Promise<EmployeeList> {
  return api.get<EmployeeList>('/api/employees', { query: { ...params }, signal });
}

export function employeesQuery(params: EmployeeListParams) {
  return queryOptions({
    queryKey: employeeKeys.list(params),
    queryFn: ({ signal }) => listEmployees(params, signal),
    // While the next page, sort or search loads, the current rows stay instead of a blank list.
    placeholderData: keepPreviousData,
  });
}
