import type { VatSetting, VatSettingUpdate } from '@saldopilot/shared';
import { api } from '../../../lib/api-client';

/** Creates or replaces the current organisation's VAT settlement settings (owners and admins). */
export function saveVatSettings(settings: VatSettingUpdate): Promise<VatSetting> {
  return api.put<VatSetting>('/api/vat-settings', settings);
}
