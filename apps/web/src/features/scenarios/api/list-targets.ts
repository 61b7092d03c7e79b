import { queryOptions } from '@tanstack/react-query';
import type { EmployeeList, TransactionList } from '@saldopilot/shared';
import { api } from '../../../lib/api-client';
import { areaQueryRoots } from '../../../lib/query-keys';

/** How many transactions and employees the lever forms offer (the API's largest page). */
const LIMIT = 100;

/**
 * The transactions a lever may target, by name (the first 100). Under the transactions' root, so a
 * change of the base (here or by another member) shows at once.
 */
export function transactionChoicesQuery() {
  return queryOptions({
    queryKey: [...areaQueryRoots.transactions, 'scenario-choices'] as const,
    queryFn: ({ signal }) =>
      api.get<TransactionList>('/api/transactions', {
        query: { page: 1, limit: LIMIT, sortBy: 'name', sortOrder: 'ASC', hideDisabled: false, hideExpired: false },
        signal,
      }),
  });
}

/** The employees a leave or raise lever may target, by name (the first 100, terminated ones included). */
export function employeeChoicesQuery() {
  return queryOptions({
    queryKey: [...areaQueryRoots.employees, 'scenario-choices'] as const,
    queryFn: ({ signal }) =>
      api.get<EmployeeList>('/api/employees', {
        query: { page: 1, limit: LIMIT, sortBy: 'name', sortOrder: 'ASC', hideTerminated: false },
        signal,
      }),
  });
}
