import type { VatSetting } from '@saldopilot/shared';
import { api, ApiError } from '../../../lib/api-client';
import { areaQueryRoots } from '../../../lib/query-keys';

/** Query keys of the current organisation's VAT settlement settings. */
export const vatSettingKeys = {
  current: (organisationId: number) => [...areaQueryRoots.vatSettings, organisationId] as const,
};

/** The current organisation's automatic VAT settlement, or null when none was set up (404). */
export async function getVatSettings(): Promise<VatSetting | null> {
  try {
    return await api.get<VatSetting>('/api/vat-settings');
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}
