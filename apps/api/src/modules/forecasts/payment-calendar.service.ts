import { calendarWarnings } from '@saldopilot/forecast';
import type { PaymentCalendar, PaymentCalendarWarnings } from '@saldopilot/shared';
import type { AppDatabase } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import type { Tenant } from '../../lib/tenant.js';
import type { ForecastsService } from './forecasts.service.js';
import { findPaymentCalendar, upsertPaymentCalendar } from './payment-calendar.repository.js';

export type PaymentCalendarService = ReturnType<typeof createPaymentCalendarService>;

/** Only the blocks of the calendar, in a fixed order (a stored row answers nothing else). */
function toPaymentCalendar(calendar: PaymentCalendar | null): PaymentCalendar {
  if (calendar === null) return {};
  const { ahv, bvg, uvg, ktg, withholdingTax } = calendar;
  return Object.fromEntries(
    Object.entries({ ahv, bvg, uvg, ktg, withholdingTax }).filter(([, block]) => block !== undefined),
  ) as PaymentCalendar;
}

/**
 * The payment calendar of the organisation (docs/payment-calendar.md): one per organisation, owners
 * and admins replace it as a whole; the shared schema checks every block and fills in its defaults.
 */
export function createPaymentCalendarService({
  db,
  clock,
  forecasts,
}: {
  db: AppDatabase;
  clock: Clock;
  forecasts: Pick<ForecastsService, 'planInput'>;
}) {
  return {
    /** The calendar; `{}` while none was saved (every fund paid as today). */
    async find(tenant: Tenant): Promise<PaymentCalendar> {
      return toPaymentCalendar(await findPaymentCalendar(db, tenant.organisationId));
    },

    /** The plan's warnings (docs/payment-calendar.md "Warnings"), from the forecast's input as of today. */
    async warnings(tenant: Tenant): Promise<PaymentCalendarWarnings> {
      const { input } = await forecasts.planInput(tenant);
      return { warnings: calendarWarnings(input) };
    },

    /** Replaces the calendar; a block left out is paid as today again. */
    async put(tenant: Tenant, calendar: PaymentCalendar): Promise<PaymentCalendar> {
      return toPaymentCalendar(
        await upsertPaymentCalendar(db, tenant.organisationId, toPaymentCalendar(calendar), clock.now()),
      );
    },
  };
}
