import { eq } from 'drizzle-orm';
import type { VatSettingUpdate } from '@saldopilot/shared';
import type { AppDatabase } from '../../db/client.js';
import { vatSettings } from '../../db/schema/index.js';

const settingColumns = {
  enabled: vatSettings.enabled,
  billingDate: vatSettings.billingDate,
  transactionMonthOffset: vatSettings.transactionMonthOffset,
  interval: vatSettings.interval,
  paymentTerm: vatSettings.paymentTerm,
  method: vatSettings.method,
  netTaxRate: vatSettings.netTaxRate,
  netTaxRate2: vatSettings.netTaxRate2,
  netTaxRate2Share: vatSettings.netTaxRate2Share,
  previousYearTax: vatSettings.previousYearTax,
};

export async function findVatSetting(db: AppDatabase, organisationId: number) {
  const [row] = await db.select(settingColumns).from(vatSettings).where(eq(vatSettings.organisationId, organisationId));
  return row;
}

/**
 * Creates or replaces the organisation's one setting (one statement, so concurrent saves cannot
 * collide). A field left out takes its default: `offset`, `effective`, no net tax rates.
 */
export async function upsertVatSetting(db: AppDatabase, organisationId: number, update: VatSettingUpdate, now: Date) {
  const setting = {
    enabled: update.enabled,
    billingDate: update.billingDate,
    transactionMonthOffset: update.transactionMonthOffset,
    interval: update.interval,
    paymentTerm: update.paymentTerm ?? 'offset',
    method: update.method ?? 'effective',
    netTaxRate: update.netTaxRate ?? null,
    netTaxRate2: update.netTaxRate2 ?? null,
    netTaxRate2Share: update.netTaxRate2Share ?? null,
    previousYearTax: update.previousYearTax ?? null,
    updatedAt: now,
  };
  const [row] = await db
    .insert(vatSettings)
    .values({ organisationId, ...setting })
    .onConflictDoUpdate({ target: vatSettings.organisationId, set: setting })
    .returning(settingColumns);
  if (!row) throw new Error('vat setting upsert returned nothing');
  return row;
}

export async function deleteVatSetting(db: AppDatabase, organisationId: number): Promise<void> {
  await db.delete(vatSettings).where(eq(vatSettings.organisationId, organisationId));
}
