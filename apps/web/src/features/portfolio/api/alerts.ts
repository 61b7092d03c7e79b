import { queryOptions } from '@tanstack/react-query';
import type { AlertList, AlertSettings, AlertSettingsUpdate, DigestSetting } from '@saldopilot/shared';
import { api } from '../../../lib/api-client';

export const alertKeys = {
  list: ['alerts'] as const,
  settings: (organisationId: number | null) => ['alerts', 'settings', organisationId] as const,
  digest: ['alerts', 'digest'] as const,
};

/** The user's "Hinweise", the newest first (docs/cockpit.md "Alerts"). */
export function alertsQuery() {
  return queryOptions({
    queryKey: alertKeys.list,
    queryFn: ({ signal }) => api.get<AlertList>('/api/alerts', { signal }),
  });
}

/** Marks a "Hinweis" read or unread. */
export function markAlert(id: number, read: boolean): Promise<void> {
  return api.patch<void>(`/api/alerts/${id}`, { read });
}

/** The user's "Benachrichtigungen" for the current organisation. */
export function alertSettingsQuery(organisationId: number | null) {
  return queryOptions({
    queryKey: alertKeys.settings(organisationId),
    queryFn: ({ signal }) => api.get<AlertSettings>('/api/alerts/settings', { signal }),
    enabled: organisationId !== null,
  });
}

export function saveAlertSettings(changes: AlertSettingsUpdate): Promise<AlertSettings> {
  return api.patch<AlertSettings>('/api/alerts/settings', changes);
}

/** Whether the user wants the weekly digest (docs/cockpit.md "Weekly digest"). */
export function digestQuery() {
  return queryOptions({
    queryKey: alertKeys.digest,
    queryFn: ({ signal }) => api.get<DigestSetting>('/api/alerts/digest', { signal }),
  });
}

export function saveDigest(weekly: boolean): Promise<DigestSetting> {
  return api.patch<DigestSetting>('/api/alerts/digest', { weekly });
}
