import { eq } from 'drizzle-orm';
import { PAYMENT_TERM_LIMITS } from '@saldopilot/shared';
import type { AppDatabase } from '../../db/client.js';
import { organisations } from '../../db/schema/index.js';

/** The organisation's "Zahlungsfrist (Tage)": a bill without terms is due the upload day plus these (docs/qr-bills.md "Due date"). */
export async function paymentTermDaysOf(db: AppDatabase, organisationId: number): Promise<number> {
  const [row] = await db
    .select({ days: organisations.paymentTermDays })
    .from(organisations)
    .where(eq(organisations.id, organisationId));
  return row?.days ?? PAYMENT_TERM_LIMITS.defaultDays;
}
