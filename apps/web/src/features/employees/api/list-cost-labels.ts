import { queryOptions } from '@tanstack/react-query';
import type { SalaryCostLabel } from '@saldopilot/shared';
import { api } from '../../../lib/api-client';
import { employeeKeys } from './list-employees';

/** The organisation's cost labels ("BVG", "AHV", …), shared by all employees. */
export function listCostLabels(signal?: AbortSignal): Promise<SalaryCostLabel[]> {
  return api.get<SalaryCostLabel[]>('/api/employees/salaries/costs/labels', { signal });
}

export const costLabelsQuery = queryOptions({
  queryKey: employeeKeys.labels(),
  queryFn: ({ signal }) => listCostLabels(signal),
});
