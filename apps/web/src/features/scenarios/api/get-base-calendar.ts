import { queryOptions } from '@tanstack/react-query';
import type { PaymentCalendar } from '@saldopilot/shared';
import { api } from '../../../lib/api-client';
import { areaQueryRoots } from '../../../lib/query-keys';

/**
 * The base's payment calendar, which a VAT/settings lever's calendar starts from
 * (docs/scenarios.md "The web"); under the area's root, so a change of the settings shows at once.
 */
export function baseCalendarQuery() {
  return queryOptions({
    queryKey: [...areaQueryRoots.paymentCalendar, 'scenario-base'] as const,
    queryFn: ({ signal }) => api.get<PaymentCalendar>('/api/payment-calendar', { signal }),
  });
}
