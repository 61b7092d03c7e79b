import { Badge, Button, Group, Loader, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconArrowBackUp, IconCalendarOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { zurichDateOf, type OccurrenceDismissalList } from '@saldopilot/shared';
import { DialogFooter } from '../../../components/form/dialog-footer';
import { SignedAmount } from '../../../components/money/signed-amount';
import { openBulkDismissDialog, type BulkDismissCalls } from '../../../components/overdue/bulk-dismiss-dialog';
import { overdueTexts } from '../../../components/overdue/overdue-texts';
import { openDialog, type DialogControls } from '../../../lib/dialog';
import { formatDate } from '../../../lib/format';
import { runReported } from '../../../lib/user-action';
import { overdueCountQuery } from '../../../reference-data/overdue';
import { useServerTime } from '../../../reference-data/server-time';
import { dismissalsQuery, dismissBulk, previewBulkDismissal, restoreOccurrences } from '../api/dismiss-occurrence';

const bulkCalls: BulkDismissCalls = {
  preview: previewBulkDismissal,
  dismiss: dismissBulk,
  restore: restoreOccurrences,
};

export const overdueActionTexts = {
  dismissedButton: (count: number) => `Entfallene Zahlungen (${count})`,
  dismissedHeader: 'Entfallene Zahlungen',
  caption: 'Als «entfällt» markierte geplante Zahlungen',
  due: 'Fällig',
  name: 'Name',
  category: 'Kategorie',
  amount: 'Betrag',
  noLongerPlanned: 'nicht mehr geplant',
  none: 'Keine geplante Zahlung ist als «entfällt» markiert.',
} as const;

function restore(dismissalIds: number[]) {
  return runReported(
    () => restoreOccurrences(dismissalIds),
    { summary: overdueTexts.restored, detail: overdueTexts.restoredDetail(dismissalIds.length), life: 'medium' },
    overdueTexts.restoreFailed,
  );
}

function DismissalsList({ currency, dialog }: { currency: string; dialog: DialogControls<void> }) {
  const list = useQuery(dismissalsQuery());
  const items: OccurrenceDismissalList['items'] = list.data?.items ?? [];
  return (
    <Stack gap="sm">
      {list.isPending ? (
        <Loader size="sm" />
      ) : items.length === 0 ? (
        <Text size="sm">{overdueActionTexts.none}</Text>
      ) : (
        <Table.ScrollContainer minWidth={520}>
          <Table striped fz="xs" aria-label={overdueActionTexts.caption}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{overdueActionTexts.due}</Table.Th>
                <Table.Th>{overdueActionTexts.name}</Table.Th>
                <Table.Th>{overdueActionTexts.category}</Table.Th>
                <Table.Th ta="right">{overdueActionTexts.amount}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{overdueTexts.restore}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((item) => (
                <Table.Tr key={item.dismissalId}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(item.dueDate)}</Table.Td>
                  <Table.Td>
                    {item.name ?? <Badge variant="light">{overdueActionTexts.noLongerPlanned}</Badge>}
                  </Table.Td>
                  <Table.Td>{item.category ?? ''}</Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {item.amount === null ? '' : <SignedAmount cents={item.amount} currency={currency} fw={400} />}
                  </Table.Td>
                  <Table.Td>
                    <Button
                      size="compact-xs"
                      variant="light"
                      leftSection={<IconArrowBackUp size={14} aria-hidden />}
                      aria-label={overdueTexts.restoreLabel(item.name ?? '', item.dueDate)}
                      onClick={() => void restore([item.dismissalId])}
                    >
                      {overdueTexts.restore}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <DialogFooter onCancel={dialog.dismiss} cancelLabel="Schliessen">
        {items.length > 1 ? (
          <Button variant="light" onClick={() => void restore(items.map((item) => item.dismissalId))}>
            {overdueTexts.restoreAll}
          </Button>
        ) : null}
      </DialogFooter>
    </Stack>
  );
}

/**
 * Above the Prognose table (docs/web.md "Prognose"): "Überfällige als entfällt markieren…" while
 * payments are überfällig, and "Entfallene Zahlungen (N)" to take a mark back ("Wiederherstellen"),
 * for editors and above.
 */
export function OverdueActions({ currency, className }: { currency: string; className?: string }) {
  const serverTime = useServerTime();
  const today = serverTime.data ? zurichDateOf(new Date(serverTime.data.date)) : undefined;
  const overdue = useQuery(overdueCountQuery(today));
  const dismissals = useQuery(dismissalsQuery());
  const hasOverdue = today !== undefined && (overdue.data?.count ?? 0) > 0;
  const count = dismissals.data?.items.length ?? 0;
  if (!hasOverdue && count === 0) return null;
  return (
    <Group gap="sm" className={className}>
      {hasOverdue ? (
        <Button
          variant="default"
          leftSection={<IconCalendarOff size={16} aria-hidden />}
          onClick={() => today && void openBulkDismissDialog(today, currency, bulkCalls)}
        >
          {overdueTexts.bulkButton}
        </Button>
      ) : null}
      {count > 0 ? (
        <Button
          variant="default"
          leftSection={<IconArrowBackUp size={16} aria-hidden />}
          onClick={() =>
            void openDialog<void>({
              header: overdueActionTexts.dismissedHeader,
              content: (dialog) => <DismissalsList currency={currency} dialog={dialog} />,
            })
          }
        >
          {overdueActionTexts.dismissedButton(count)}
        </Button>
      ) : null}
    </Group>
  );
}
