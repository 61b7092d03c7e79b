import type { ReactNode } from 'react';
import { Alert, Badge, Button, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { IconArrowBackUp } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { entryPlanStateLabels, formatMonthLabel, type PlanActualEntry } from '@saldopilot/shared';
import { DialogFooter } from '../../../components/form/dialog-footer';
import { SignedAmount } from '../../../components/money/signed-amount';
import { openDialog, type DialogControls } from '../../../lib/dialog';
import { formatDate } from '../../../lib/format';
import { overdueTexts } from '../../../components/overdue/overdue-texts';
import { runReported } from '../../../lib/user-action';
import { planActualMonthQuery } from '../api/get-plan-actual';
import { planActualDismissals } from '../api/occurrence-dismissals';
import { planActualTexts as texts } from './plan-actual-texts';

const stateColors = {
  open: 'gray',
  overdue: 'red',
  matched: 'teal',
  dismissed: 'orange',
  uncovered: 'gray',
  unplanned: 'blue',
} as const;

function StateBadge({ state, label }: { state: keyof typeof stateColors; label: string }) {
  return (
    // Its whole word even in a narrow table: a badge's label would otherwise shrink to "Zuge…".
    <Badge size="sm" variant="light" color={stateColors[state]} tt="none" styles={{ label: { overflow: 'visible' } }}>
      {label}
    </Badge>
  );
}

function entryText(entry: PlanActualEntry): string {
  return [entry.counterpartyName, entry.text].filter(Boolean).join(' · ');
}

interface DetailColumn<Row> {
  header: string;
  right?: boolean;
  /** Text that may break anywhere (names, counterparties); dates, amounts and states stay on one line. */
  text?: boolean;
  render: (row: Row) => ReactNode;
}

/** One part of the drill-down: a titled table, or the sentence that there is nothing. */
function DetailTable<Row>({
  id,
  title,
  empty,
  rows,
  rowKey,
  columns,
}: {
  id: string;
  title: string;
  empty: string;
  rows: Row[];
  rowKey: (row: Row) => string | number;
  columns: DetailColumn<Row>[];
}) {
  return (
    <section aria-labelledby={id}>
      <Title order={3} fz="h5" id={id} mb="xs">
        {title}
      </Title>
      {rows.length === 0 ? (
        <Text size="sm">{empty}</Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table striped aria-labelledby={id} fz="xs">
            <Table.Thead>
              <Table.Tr>
                {columns.map((column) => (
                  <Table.Th key={column.header} ta={column.right ? 'right' : undefined}>
                    {column.header}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={rowKey(row)}>
                  {columns.map((column) => (
                    <Table.Td
                      key={column.header}
                      ta={column.right ? 'right' : undefined}
                      style={column.text ? { overflowWrap: 'break-word' } : { whiteSpace: 'nowrap' }}
                    >
                      {column.render(row)}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </section>
  );
}

/** "Wiederherstellen" of a payment marked "entfällt": it is überfällig again (docs/plan-actual.md "Many at once"). */
function RestoreButton({ name, dueDate, dismissalId }: { name: string; dueDate: string; dismissalId: number }) {
  return (
    <Button
      size="compact-xs"
      variant="light"
      ml="xs"
      leftSection={<IconArrowBackUp size={14} aria-hidden />}
      aria-label={overdueTexts.restoreLabel(name, dueDate)}
      onClick={() =>
        void runReported(
          () => planActualDismissals.restore([dismissalId]),
          { summary: overdueTexts.restored, detail: overdueTexts.restoredDetail(1), life: 'medium' },
          overdueTexts.restoreFailed,
        )
      }
    >
      {overdueTexts.restore}
    </Button>
  );
}

function MonthDetail({
  month,
  currency,
  canEdit,
  dialog,
}: {
  month: string;
  currency: string;
  canEdit: boolean;
  dialog: DialogControls<void>;
}) {
  const detail = useQuery(planActualMonthQuery(month));
  if (detail.isError)
    return (
      <Stack gap="md">
        <Alert color="red" variant="light" role="alert" title={detail.error.message} />
        <DialogFooter onCancel={dialog.dismiss} cancelLabel="Schliessen" />
      </Stack>
    );
  if (detail.isPending)
    return (
      <Group gap="sm" role="status">
        <Loader size="sm" />
        <Text size="sm">{texts.loading}</Text>
      </Group>
    );
  const { occurrences, entries } = detail.data;
  const amount = (cents: number) => <SignedAmount cents={cents} currency={currency} fw={400} />;
  return (
    <Stack gap="md">
      <DetailTable
        id="plan-actual-occurrences"
        title={texts.occurrences}
        empty={texts.noOccurrences}
        rows={occurrences}
        rowKey={(occurrence) => `${occurrence.kind}:${occurrence.id}:${occurrence.dueDate}`}
        columns={[
          { header: texts.due, render: (occurrence) => formatDate(occurrence.dueDate) },
          { header: texts.name, text: true, render: (occurrence) => occurrence.name },
          { header: texts.category, render: (occurrence) => occurrence.category },
          { header: texts.amount, right: true, render: (occurrence) => amount(occurrence.amount) },
          {
            header: texts.state,
            render: (occurrence) => (
              <>
                <StateBadge state={occurrence.state} label={texts.occurrenceStates[occurrence.state]} />
                {canEdit && occurrence.state === 'dismissed' && occurrence.dismissalId !== null ? (
                  <RestoreButton
                    name={occurrence.name}
                    dueDate={occurrence.dueDate}
                    dismissalId={occurrence.dismissalId}
                  />
                ) : null}
              </>
            ),
          },
          {
            header: texts.matchedEntries,
            text: true,
            render: (occurrence) =>
              occurrence.entries.map((entry) => (
                <Text key={entry.entryId} size="xs">
                  {formatDate(entry.bookingDate)} {entryText(entry)}: {amount(entry.share)}
                  {/* An entry paying several occurrences (a salary run) counts its share here. */}
                  {entry.share !== entry.amount ? (
                    <>
                      {' '}
                      {texts.shareOf} {amount(entry.amount)}
                    </>
                  ) : null}
                </Text>
              )),
          },
        ]}
      />
      <DetailTable
        id="plan-actual-entries"
        title={texts.entries}
        empty={texts.noMonthEntries}
        rows={entries}
        rowKey={(entry) => entry.entryId}
        columns={[
          { header: texts.bookingDate, render: (entry) => formatDate(entry.bookingDate) },
          { header: texts.counterparty, text: true, render: (entry) => entryText(entry) },
          { header: texts.amount, right: true, render: (entry) => amount(entry.amount) },
          {
            header: texts.state,
            render: (entry) => <StateBadge state={entry.state} label={entryPlanStateLabels[entry.state]} />,
          },
          { header: texts.category, render: (entry) => entry.category ?? '' },
        ]}
      />
      <DialogFooter onCancel={dialog.dismiss} cancelLabel="Schliessen" />
    </Stack>
  );
}

/** The drill-down of a month (docs/web.md "Plan/Ist"): its planned occurrences with their state and entries, and its entries. */
export function openMonthDetailDialog(month: string, currency: string, canEdit: boolean): Promise<void> {
  return openDialog<void>({
    header: `${texts.title} ${formatMonthLabel(month)}`,
    size: 'wide',
    content: (dialog) => <MonthDetail month={month} currency={currency} canEdit={canEdit} dialog={dialog} />,
  }).then(() => undefined);
}
