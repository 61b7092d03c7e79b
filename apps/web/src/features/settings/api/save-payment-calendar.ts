import type { PaymentCalendar, PaymentCalendarUpdate } from '@saldopilot/shared';
import { api } from '../../../lib/api-client';

/** Replaces the current organisation's payment calendar (owners and admins). */
export function savePaymentCalendar(calendar: PaymentCalendarUpdate): Promise<PaymentCalendar> {
  return api.put<PaymentCalendar>('/api/payment-calendar', calendar);
}
