import { eq } from 'drizzle-orm';
import type { VatSettingUpdate } from '@saldopilot/shared';
import type { AppDatabase } from '../../db/client.js';
import { vatSettings } from '../../db/schema/index.js';

const settingColumns = {
  enabled: vatSettings.enabled,
  billingDate: vatSettings.billingDate,
  transactionMonthOffset: vatSettings.transactionMonthOffset,
  interval: vatSettings.interval,
};

export async function findVatSetting(db: AppDatabase, organisationId: number) {
  const [row] = await db.select(settingColumns).from(vatSettings).where(eq(vatSettings.organisationId, organisationId));
  return row;
}

/** Creates or replaces the organisation's one setting (one statement, so concurrent saves cannot collide). */
export async function upsertVatSetting(db: AppDatabase, organisationId: number, setting: VatSettingUpdate, now: Date) {
  const [row] = await db
    .insert(vatSettings)
    .values({ organisationId, ...setting, updatedAt: now })
    .onConflictDoUpdate({ target: vatSettings.organisationId, set: { ...setting, updatedAt: now } })
    .returning(settingColumns);
  if (!row) throw new Error('vat setting upsert returned nothing');
  return row;
}

export async function deleteVatSetting(db: AppDatabase, organisationId: number): Promise<void> {
  await db.delete(vatSettings).where(eq(vatSettings.organisationId, organisationId));
}
