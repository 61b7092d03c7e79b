import type { VatSetting, VatSettingUpdate } from '@saldopilot/shared';
import type { AppDatabase } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import type { Tenant } from '../../lib/tenant.js';
import { deleteVatSetting, findVatSetting, upsertVatSetting } from './vat-settings.repository.js';

export type VatSettingsService = ReturnType<typeof createVatSettingsService>;

type VatSettingRow = NonNullable<Awaited<ReturnType<typeof findVatSetting>>>;

function toVatSetting(row: VatSettingRow): VatSetting {
  return {
    enabled: row.enabled,
    billingDate: row.billingDate,
    transactionMonthOffset: row.transactionMonthOffset,
    interval: row.interval,
    paymentTerm: row.paymentTerm,
    method: row.method,
    netTaxRate: row.netTaxRate,
    netTaxRate2: row.netTaxRate2,
    netTaxRate2Share: row.netTaxRate2Share,
    ...(row.previousYearTax !== null && { previousYearTax: row.previousYearTax }),
  };
}

/**
 * The automatic VAT settlement of the organisation (docs/vat.md): one setting, owners and admins
 * change it; the method, the net tax rates and the payment term are checked by the shared schema.
 */
export function createVatSettingsService({ db, clock }: { db: AppDatabase; clock: Clock }) {
  return {
    /** The setting, or null while none was saved. */
    async find(tenant: Tenant): Promise<VatSetting | null> {
      const row = await findVatSetting(db, tenant.organisationId);
      return row ? toVatSetting(row) : null;
    },

    /** Creates or replaces the setting. */
    async put(tenant: Tenant, setting: VatSettingUpdate): Promise<VatSetting> {
      return toVatSetting(await upsertVatSetting(db, tenant.organisationId, setting, clock.now()));
    },

    /** Removes the setting (no settlement any more); nothing to remove is no error. */
    async remove(tenant: Tenant): Promise<void> {
      await deleteVatSetting(db, tenant.organisationId);
    },
  };
}
