import type { PaymentCalendar, PaymentCalendarWarnings } from '@saldopilot/shared';
import { api } from '../../../lib/api-client';
import { areaQueryRoots, planQueryRoots } from '../../../lib/query-keys';

/** Query keys of the current organisation's payment calendar. */
export const paymentCalendarKeys = {
  current: (organisationId: number) => [...areaQueryRoots.paymentCalendar, organisationId] as const,
  /** Under the forecast's root: every change the forecast follows makes them stale too. */
  warnings: (organisationId: number) =>
    [...planQueryRoots.forecasts, 'payment-calendar-warnings', organisationId] as const,
};

/** The current organisation's payment calendar, `{}` while none was saved (docs/payment-calendar.md). */
export function getPaymentCalendar(): Promise<PaymentCalendar> {
  return api.get<PaymentCalendar>('/api/payment-calendar');
}

/** The plan's warnings ("Akonto anpassen lassen", the VAT methods' limits). */
export function getPaymentCalendarWarnings(): Promise<PaymentCalendarWarnings> {
  return api.get<PaymentCalendarWarnings>('/api/payment-calendar/warnings');
}
