import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { EmployeeList } from '@saldopilot/shared';
import { api } from '../../../lib/api-client';
import { transactionKeys } from './list-transactions';

/** How many employees the dialog's field offers per search (a person types to narrow it). */
const LIMIT = 50;

/**
 * The employees the transaction dialog's "Mitarbeiter" field offers: all of the organisation's,
 * terminated ones included (docs/web.md "Transaktionen"), by name, searched on the server.
 */
export function searchEmployees(search: string, signal?: AbortSignal): Promise<EmployeeList> {
  return api.get<EmployeeList>('/api/employees', {
    query: {
      page: 1,
      limit: LIMIT,
      sortBy: 'name',
      sortOrder: 'ASC',
      hideTerminated: false,
      search: search || undefined,
    },
    signal,
  });
}

export function employeeChoicesQuery(search: string) {
  return queryOptions({
    // Under the transactions' root: a change of a transaction never changes an employee, but
    // the employees' own writes live in another feature, so the choices are simply read afresh
    // whenever the dialog opens (staleTime 0).
    queryKey: [...transactionKeys.all, 'employee-choices', search] as const,
    queryFn: ({ signal }) => searchEmployees(search, signal),
    placeholderData: keepPreviousData,
  });
}
