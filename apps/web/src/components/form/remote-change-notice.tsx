import { Alert } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import type { ReceivedChangeEvent } from '@saldopilot/shared';

export const remoteChangeTexts = {
  changed: (name: string) => `Von ${name} geändert`,
  deleted: (name: string) => `Von ${name} gelöscht`,
  // The PATCH sends only the fields that differ from the item as the dialog opened (changesOf), so
  // the other member's values stay where the user typed nothing.
  keptInput:
    'Ihre Eingaben bleiben erhalten. Beim Speichern werden nur die Felder übernommen, die Sie hier geändert haben.',
  deletedDetail: 'Ihre Eingaben bleiben erhalten, der Eintrag selbst existiert aber nicht mehr.',
} as const;

/**
 * The notice of an edit dialog whose item another member changed or deleted meanwhile (docs/web.md
 * "Realtime"). A status, not an alert: the user keeps typing, the screen reader says it once.
 */
export function RemoteChangeNotice({ change }: { change: ReceivedChangeEvent | null }) {
  if (!change) return null;
  const deleted = change.action === 'deleted';
  return (
    <Alert
      role="status"
      color="blue"
      variant="light"
      icon={<IconInfoCircle size={18} aria-hidden />}
      title={deleted ? remoteChangeTexts.deleted(change.by.name) : remoteChangeTexts.changed(change.by.name)}
      mb="sm"
    >
      {deleted ? remoteChangeTexts.deletedDetail : remoteChangeTexts.keptInput}
    </Alert>
  );
}
