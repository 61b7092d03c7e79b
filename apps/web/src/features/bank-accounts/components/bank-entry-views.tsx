import { Badge, Group, Select, Stack, Text, Tooltip } from '@mantine/core';
import { formatIban, SELECT, Z_INDEX, type BankEntry } from '@saldopilot/shared';
import type { ListColumn } from '../../../components/list/data-list';
import { ListCard } from '../../../components/list/list-card';
import { SignedAmount } from '../../../components/money/signed-amount';
import { Amount } from '../../../components/money/amount';
import { formatDate } from '../../../lib/format';
import { runReported } from '../../../lib/user-action';
import { updateBankEntry } from '../api/update-bank-entry';
import { EntryPlan, type EntryPlanContext } from './entry-plan-views';
import { entryPlanTexts } from './entry-plan-texts';
import { statementTexts as texts } from './statement-texts';

/**
 * What the entry views need: the account, the categories, whether the user may set them and match
 * entries, and the organisation currency (the plan's amounts).
 */
export interface BankEntryViewContext extends EntryPlanContext {
  categories: { id: number; name: string }[];
}

function describe(entry: BankEntry): string {
  return `${formatDate(entry.bookingDate)} ${entry.counterpartyName ?? entry.remittanceInformation ?? ''}`.trim();
}

function EntryAmount({ entry }: { entry: BankEntry }) {
  return (
    <Group gap={6} wrap="nowrap" justify="flex-end">
      {entry.foreignCurrency ? (
        <Tooltip label={texts.foreignCurrency(entry.currency)}>
          <Badge size="sm" variant="outline" color="orange" aria-label={texts.foreignCurrency(entry.currency)}>
            {entry.currency}
          </Badge>
        </Tooltip>
      ) : null}
      <SignedAmount cents={entry.amount} currency={entry.currency} />
    </Group>
  );
}

function Counterparty({ entry }: { entry: BankEntry }) {
  if (!entry.counterpartyName && !entry.counterpartyIban) return null;
  return (
    <Stack gap={0}>
      {entry.counterpartyName ? <Text size="sm">{entry.counterpartyName}</Text> : null}
      {entry.counterpartyIban ? (
        <Text size="xs" ff="monospace">
          {formatIban(entry.counterpartyIban)}
        </Text>
      ) : null}
    </Stack>
  );
}

function Reference({ entry }: { entry: BankEntry }) {
  return (
    <Stack gap={2}>
      {entry.reference ? (
        <Group gap={4} wrap="nowrap" align="baseline">
          {entry.referenceType ? (
            <Text size="xs" fw={700} style={{ flexShrink: 0 }}>
              {entry.referenceType}
            </Text>
          ) : null}
          <Text size="xs" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
            {entry.reference}
          </Text>
        </Group>
      ) : null}
      {entry.bankReference ? (
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {texts.bankReference}: {entry.bankReference}
        </Text>
      ) : null}
    </Stack>
  );
}

function Category({ entry, context }: { entry: BankEntry; context: BankEntryViewContext }) {
  if (!context.canEdit) return <Text size="sm">{entry.category?.name ?? ''}</Text>;
  return (
    <Select
      aria-label={texts.categoryOf(describe(entry))}
      placeholder={texts.noCategory}
      size="xs"
      clearable
      searchable
      data={context.categories.map((category) => ({ value: String(category.id), label: category.name }))}
      value={entry.category ? String(entry.category.id) : null}
      onChange={(value) =>
        void runReported(
          () => updateBankEntry(context.accountId, entry.id, { categoryId: value ? Number(value) : null }),
          { summary: texts.success, detail: texts.categorySaved, life: 'medium' },
          texts.categoryFailed,
        )
      }
      maxDropdownHeight={SELECT.dropdownMaxHeight}
      comboboxProps={{ zIndex: Z_INDEX.menu }}
      clearButtonProps={{ 'aria-label': texts.removeCategory }}
      w="11rem"
    />
  );
}

function ReversalMark({ entry }: { entry: BankEntry }) {
  if (!entry.isReversal) return null;
  return (
    <Tooltip label={texts.reversalHint}>
      <Badge size="sm" color="grape" variant="light">
        {texts.reversal}
      </Badge>
    </Tooltip>
  );
}

/**
 * The table of the entries (docs/web.md "Buchungen"): Buchungsdatum ⇅, Valuta, Betrag, Gegenpartei,
 * Text, Referenz, Kategorie, Plan.
 */
export function bankEntryColumns(context: BankEntryViewContext): ListColumn<BankEntry, 'bookingDate'>[] {
  return [
    {
      key: 'bookingDate',
      header: texts.bookingDate,
      sortField: 'bookingDate',
      render: (entry) => (
        <Stack gap={2}>
          <Text size="sm">{formatDate(entry.bookingDate)}</Text>
          <ReversalMark entry={entry} />
        </Stack>
      ),
    },
    {
      key: 'valueDate',
      header: texts.valueDate,
      render: (entry) => (entry.valueDate ? formatDate(entry.valueDate) : ''),
    },
    { key: 'amount', header: texts.amount, align: 'right', render: (entry) => <EntryAmount entry={entry} /> },
    { key: 'counterparty', header: texts.counterparty, render: (entry) => <Counterparty entry={entry} /> },
    {
      key: 'text',
      header: texts.text,
      render: (entry) => (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {entry.remittanceInformation ?? ''}
        </Text>
      ),
    },
    { key: 'reference', header: texts.reference, render: (entry) => <Reference entry={entry} /> },
    { key: 'category', header: texts.category, render: (entry) => <Category entry={entry} context={context} /> },
    { key: 'plan', header: entryPlanTexts.column, render: (entry) => <EntryPlan entry={entry} context={context} /> },
  ];
}

/** A card of the grid view: date and amount, then counterparty, text, references and category. */
export function BankEntryCard({ entry, context }: { entry: BankEntry; context: BankEntryViewContext }) {
  return (
    <ListCard title={formatDate(entry.bookingDate)} actions={<EntryAmount entry={entry} />}>
      <ReversalMark entry={entry} />
      {entry.valueDate ? (
        <Text size="sm" c="dimmed">
          {texts.valueDate} {formatDate(entry.valueDate)}
        </Text>
      ) : null}
      <Counterparty entry={entry} />
      {entry.remittanceInformation ? <Text size="sm">{entry.remittanceInformation}</Text> : null}
      <Reference entry={entry} />
      {entry.charges ? (
        <Text size="sm">
          {texts.charges}: <Amount cents={entry.charges} currency={entry.currency} />
        </Text>
      ) : null}
      <Category entry={entry} context={context} />
      <EntryPlan entry={entry} context={context} />
    </ListCard>
  );
}
