import type { VatSettingAnswer } from '@saldopilot/shared';
import { api } from '../../../lib/api-client';
import { areaQueryRoots } from '../../../lib/query-keys';

/** Query keys of the current organisation's VAT settlement settings. */
export const vatSettingKeys = {
  current: (organisationId: number) => [...areaQueryRoots.vatSettings, organisationId] as const,
};

/** The current organisation's automatic VAT settlement, or null when none was set up (docs/vat.md). */
export function getVatSettings(): Promise<VatSettingAnswer> {
  return api.get<VatSettingAnswer>('/api/vat-settings');
}
