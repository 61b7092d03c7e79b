import type { PaymentCalendar } from '@saldopilot/shared';
import { api } from '../../../lib/api-client';
import { areaQueryRoots } from '../../../lib/query-keys';

/** Query keys of the current organisation's payment calendar. */
export const paymentCalendarKeys = {
  current: (organisationId: number) => [...areaQueryRoots.paymentCalendar, organisationId] as const,
};

/** The current organisation's payment calendar, `{}` while none was saved (docs/payment-calendar.md). */
export function getPaymentCalendar(): Promise<PaymentCalendar> {
  return api.get<PaymentCalendar>('/api/payment-calendar');
}
