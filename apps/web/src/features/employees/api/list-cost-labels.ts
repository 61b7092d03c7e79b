import { queryOptions } from '@tanstack/react-query';
import type { SalaryCostLabel, SalaryCostLabelList } from '@saldopilot/shared';
import { api } from '../../../lib/api-client';
import { employeeKeys } from './list-employees';

/** The organisation's cost labels ("BVG", "AHV", …), shared by all employees. */
export async function listCostLabels(signal?: AbortSignal): Promise<SalaryCostLabel[]> {
  const page = await api.get<SalaryCostLabelList>('/api/employees/salaries/costs/labels', {
    query: { limit: 100 },
    signal,
  });
  return page.data;
}

export const costLabelsQuery = queryOptions({
  queryKey: employeeKeys.labels(),
  queryFn: ({ signal }) => listCostLabels(signal),
});
