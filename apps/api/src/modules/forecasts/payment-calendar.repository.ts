import { eq } from 'drizzle-orm';
import type { PaymentCalendar } from '@saldopilot/shared';
import type { AppDatabase } from '../../db/client.js';
import { paymentCalendars } from '../../db/schema/index.js';

/** The organisation's payment calendar, or null while none was saved. */
export async function findPaymentCalendar(db: AppDatabase, organisationId: number): Promise<PaymentCalendar | null> {
  const [row] = await db
    .select({ calendar: paymentCalendars.calendar })
    .from(paymentCalendars)
    .where(eq(paymentCalendars.organisationId, organisationId));
  return row?.calendar ?? null;
}

/** Creates or replaces the organisation's one calendar (one statement, so concurrent saves cannot collide). */
export async function upsertPaymentCalendar(
  db: AppDatabase,
  organisationId: number,
  calendar: PaymentCalendar,
  now: Date,
): Promise<PaymentCalendar> {
  const [row] = await db
    .insert(paymentCalendars)
    .values({ organisationId, calendar, updatedAt: now })
    .onConflictDoUpdate({ target: paymentCalendars.organisationId, set: { calendar, updatedAt: now } })
    .returning({ calendar: paymentCalendars.calendar });
  if (!row) throw new Error('payment calendar upsert returned nothing');
  return row.calendar;
}
