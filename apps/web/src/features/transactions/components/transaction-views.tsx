import type { ReactNode } from 'react';
import { Alert, Anchor, Badge, Group, Text, VisuallyHidden } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { type FiatRate, type Transaction, type TransactionSortField } from '@saldopilot/shared';
import { ListCard } from '../../../components/list/list-card';
import { RowAction } from '../../../components/list/row-action';
import type { ListColumn } from '../../../components/list/data-list';
import { SignedAmount } from '../../../components/money/signed-amount';
import { formatDate } from '../../../lib/format';
import { StatusSwitch } from './status-switch';
import { convertedText, cycleText, nextExecution, safeHref, vatText } from './transaction-display';
import { transactionTexts as texts } from './transaction-texts';
import classes from './transactions.module.css';
import muted from '../../../components/list/muted.module.css';

/** What the cards and rows may do; absent for read-only members (no write controls at all). */
export interface TransactionActions {
  edit: (transaction: Transaction) => void;
  clone: (transaction: Transaction) => void;
}

export interface TransactionViewContext {
  /** The organisation's currency and its rates, for the "~ … CHF" of foreign amounts. */
  organisationCurrency: string;
  rates: readonly FiatRate[] | undefined;
  /** Each transaction's earliest überfällig due date (`overdueSinceOf`); absent until loaded. */
  overdueSince?: ReadonlyMap<number, string> | undefined;
  actions: TransactionActions | undefined;
}

/**
 * The name, a link to the address when one is set (opens in a new tab, docs/web.md
 * "Transaktionen").
 */
function TransactionName({ transaction }: { transaction: Transaction }) {
  const href = safeHref(transaction.link);
  if (!href) return <span className={classes.nameLink}>{transaction.name}</span>;
  return (
    <Anchor href={href} target="_blank" rel="noopener noreferrer" inherit className={classes.nameLink}>
      {transaction.name}
      <IconExternalLink size={14} aria-hidden style={{ marginInlineStart: 4, verticalAlign: -2 }} />
      <VisuallyHidden>{texts.opensInNewTab}</VisuallyHidden>
    </Anchor>
  );
}

function ActionButtons({
  transaction,
  actions,
  size,
}: {
  transaction: Transaction;
  actions: TransactionActions;
  size: 'sm' | 'md';
}) {
  return (
    <>
      <RowAction
        kind="clone"
        size={size}
        tooltip={texts.clone}
        label={texts.cloneOf(transaction.name)}
        onClick={() => actions.clone(transaction)}
      />
      <RowAction
        kind="edit"
        size={size}
        tooltip={texts.edit}
        label={texts.editOf(transaction.name)}
        onClick={() => actions.edit(transaction)}
      />
    </>
  );
}

function NextExecution({
  transaction,
  withLabel,
  context,
}: {
  transaction: Transaction;
  withLabel: boolean;
  context: TransactionViewContext;
}) {
  const next = nextExecution(transaction, context.overdueSince?.get(transaction.id));
  if (next.expired) return <span className={classes.expired}>{next.overdue ?? texts.expired}</span>;
  return <>{withLabel ? `${next.label}: ${next.date}` : next.date}</>;
}

function Converted({ transaction, context }: { transaction: Transaction; context: TransactionViewContext }) {
  const converted = convertedText(
    transaction.amount,
    transaction.currency.code,
    context.organisationCurrency,
    context.rates,
  );
  return converted ? <Text span inherit c="dimmed">{` ${converted}`}</Text> : null;
}

/** A card of the grid view (docs/web.md "Transaktionen"). */
export function TransactionCard({
  transaction,
  context,
}: {
  transaction: Transaction;
  context: TransactionViewContext;
}) {
  const vat = vatText(transaction);
  const card = (
    <ListCard
      title={<TransactionName transaction={transaction} />}
      actions={
        context.actions ? <ActionButtons transaction={transaction} actions={context.actions} size="md" /> : undefined
      }
    >
      {transaction.isDisabled ? (
        <Alert color="yellow" variant="light" p="xs">
          <Text size="sm">{texts.disabledNote}</Text>
        </Alert>
      ) : null}
      <Text inherit>
        {texts.start}: {formatDate(transaction.startDate)}
      </Text>
      {transaction.endDate ? (
        <Text inherit>
          {texts.end}: {formatDate(transaction.endDate)}
        </Text>
      ) : null}
      <Text inherit>
        <NextExecution transaction={transaction} withLabel context={context} />
      </Text>
      <Text inherit>
        {texts.amount}: <SignedAmount cents={transaction.amount} currency={transaction.currency.code} />
        <Converted transaction={transaction} context={context} />
      </Text>
      {vat ? <Text inherit>{vat}</Text> : null}
      <Text inherit>
        {transaction.type === 'repeating' ? `${texts.repeating}: ${cycleText(transaction)}` : texts.single}
      </Text>
      <Text inherit>
        {texts.category}: {transaction.category.name}
      </Text>
      {transaction.employee ? (
        <Text inherit>
          {texts.employee}: {transaction.employee.name}
        </Text>
      ) : null}
      {transaction.reference ? (
        <Text inherit style={{ overflowWrap: 'anywhere' }}>
          {texts.reference}:{' '}
          <Text span inherit ff="monospace">
            {transaction.reference}
          </Text>
        </Text>
      ) : null}
      {context.actions ? (
        <Group mt={4}>
          <StatusSwitch transaction={transaction} withLabel />
        </Group>
      ) : null}
    </ListCard>
  );
  return transaction.isDisabled ? <div className={`${muted.muted} ${muted.fill}`}>{card}</div> : card;
}

/** A cell of a disabled transaction is grey and italic (docs/web.md "Lists"). */
function cell(transaction: Transaction, content: ReactNode): ReactNode {
  return transaction.isDisabled ? <span className={muted.mutedCell}>{content}</span> : content;
}

/** The table view's columns (docs/web.md "Transaktionen"); "Ausführung" sorts too, as the API can. */
export function transactionColumns(context: TransactionViewContext): ListColumn<Transaction, TransactionSortField>[] {
  const c = texts.columns;
  return [
    {
      key: 'name',
      header: c.name,
      sortField: 'name',
      render: (transaction) => (
        <Group gap={6} wrap="nowrap" className={classes.nameCell}>
          {cell(transaction, <TransactionName transaction={transaction} />)}
          {transaction.isDisabled ? (
            <Badge color="orange" variant="light" size="sm" radius="sm" className={classes.noShrink}>
              {texts.disabledTag}
            </Badge>
          ) : null}
          {context.actions ? <ActionButtons transaction={transaction} actions={context.actions} size="sm" /> : null}
        </Group>
      ),
    },
    {
      key: 'status',
      header: c.status,
      render: (transaction) =>
        context.actions ? (
          <StatusSwitch transaction={transaction} withLabel={false} />
        ) : (
          cell(transaction, transaction.isDisabled ? texts.disabledTag : texts.active)
        ),
    },
    {
      key: 'start',
      header: c.start,
      sortField: 'startDate',
      render: (transaction) => cell(transaction, formatDate(transaction.startDate)),
    },
    {
      key: 'end',
      header: c.end,
      sortField: 'endDate',
      render: (transaction) => cell(transaction, transaction.endDate ? formatDate(transaction.endDate) : '-'),
    },
    {
      key: 'execution',
      header: c.execution,
      sortField: 'nextExecutionDate',
      render: (transaction) =>
        cell(transaction, <NextExecution transaction={transaction} withLabel={false} context={context} />),
    },
    {
      key: 'amount',
      header: c.amount,
      sortField: 'amount',
      align: 'right',
      render: (transaction) =>
        cell(transaction, <SignedAmount cents={transaction.amount} currency={transaction.currency.code} />),
    },
    {
      key: 'vat',
      header: c.vat,
      render: (transaction) => cell(transaction, <span className={classes.nowrap}>{vatText(transaction) ?? '-'}</span>),
    },
    {
      key: 'cycle',
      header: c.cycle,
      sortField: 'cycle',
      render: (transaction) => cell(transaction, cycleText(transaction)),
    },
    {
      key: 'category',
      header: c.category,
      sortField: 'category',
      render: (transaction) => cell(transaction, transaction.category.name),
    },
    {
      key: 'employee',
      header: c.employee,
      sortField: 'employee',
      render: (transaction) => cell(transaction, transaction.employee?.name ?? '-'),
    },
  ];
}
