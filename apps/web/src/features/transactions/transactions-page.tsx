import { useCallback, useMemo, useState } from 'react';
import { Button, Stack, Title } from '@mantine/core';
import { IconCash, IconSettings } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { zurichDateOf, type Transaction } from '@saldopilot/shared';
import { FirstUse } from '../../components/feedback/first-use';
import { DataList } from '../../components/list/data-list';
import { useListQuery } from '../../components/list/use-list-query';
import type { RouteHandle } from '../../lib/document-title';
import { usePreference } from '../../lib/preferences';
import { useFiatRates } from '../../reference-data/fiat-rates';
import { useCanEditCurrentOrganisation } from '../../reference-data/organisations';
import { overdueCountQuery } from '../../reference-data/overdue';
import { useSignedInUser } from '../../reference-data/profile';
import { useServerTime } from '../../reference-data/server-time';
import { exportTransactions } from './api/export-transactions';
import { transactionsQuery, type TransactionListParams } from './api/list-transactions';
import { BulkActions } from './components/bulk-actions';
import { openManageDialog } from './components/manage-dialog';
import { QrBillUpload } from './components/qr-bill-upload';
import { openTransactionDialog, type TransactionDialogMode } from './components/transaction-dialog';
import {
  defaultFilters,
  narrowsList,
  TransactionFilterControls,
  type TransactionFilters,
} from './components/transaction-filters';
import { overdueSinceOf } from './components/transaction-display';
import { transactionTexts as texts } from './components/transaction-texts';
import {
  TransactionCard,
  transactionColumns,
  type TransactionActions,
  type TransactionViewContext,
} from './components/transaction-views';

export const handle = { title: texts.title } satisfies RouteHandle;

/** The API's default page of transactions (docs/web.md "Transaktionen": 50 at a time). */
const PAGE_SIZE = 50;

/** "Transaktionen" (docs/web.md "Transaktionen"): the organisation's revenues and expenses. */
export function Component() {
  const user = useSignedInUser();
  // Read-only members get no write control at all; until the role is known nobody does, so none flashes up.
  const canEdit = useCanEditCurrentOrganisation(user.currentOrganisationId);
  const [display, setDisplay] = usePreference('transactionsDisplay');
  const [sort, setSort] = usePreference('transactionsSort');
  const [filters, setFilters] = useState<TransactionFilters>(defaultFilters);
  const [selected, setSelected] = useState<Set<number>>(() => new Set());
  const list = useListQuery({ sort, onSortChange: setSort, limit: PAGE_SIZE });
  const { data: rates } = useFiatRates(user.currency.code);

  const params: TransactionListParams = { ...list.query, ...filters };
  const page = useQuery(transactionsQuery(params));

  // With the default filters an empty page may still hide disabled transactions: then the list
  // is "filtered" (toolbar stays, so they can be shown), not the first use of a new organisation.
  const mayHideSome =
    page.data?.pagination.totalCount === 0 && filters.hideDisabled && !narrowsList(filters) && !list.query.search;
  const everything = useQuery({
    ...transactionsQuery({
      page: 1,
      limit: 1,
      sortBy: 'name',
      sortOrder: 'ASC',
      hideDisabled: false,
      hideExpired: false,
    }),
    enabled: mayHideSome,
  });
  const hidingSome = mayHideSome && (everything.data === undefined || everything.data.pagination.totalCount > 0);

  const clearSelection = useCallback(() => setSelected(new Set()), []);
  const changeFilters = (next: TransactionFilters) => {
    setFilters(next);
    clearSelection();
    list.controls.onPageChange(1);
  };
  const { onSearchChange } = list.controls;
  const changeSearch = useCallback(
    (search: string) => {
      clearSelection();
      onSearchChange(search);
    },
    [clearSelection, onSearchChange],
  );

  const open = useCallback(
    async (mode: TransactionDialogMode) => {
      const result = await openTransactionDialog(mode, user);
      // A deleted transaction can no longer be part of a bulk action.
      if (result === null && mode.kind === 'edit') {
        setSelected((current) => {
          const next = new Set(current);
          next.delete(mode.transaction.id);
          return next;
        });
      }
    },
    [user],
  );
  const add = () => void open({ kind: 'create' });

  const actions: TransactionActions | undefined = useMemo(
    () =>
      canEdit
        ? {
            edit: (transaction: Transaction) => void open({ kind: 'edit', transaction }),
            clone: (transaction: Transaction) => void open({ kind: 'clone', transaction }),
          }
        : undefined,
    [canEdit, open],
  );
  // The engine's überfällig payments (the Prognose's list): a past unpaid one says "Überfällig seit …"
  // here too, not "Abgelaufen" (docs/web.md "Transaktionen").
  const serverTime = useServerTime();
  const today = serverTime.data ? zurichDateOf(new Date(serverTime.data.date)) : undefined;
  const overdue = useQuery(overdueCountQuery(today));
  const overdueSince = useMemo(
    () => (overdue.data ? overdueSinceOf(overdue.data.occurrences) : undefined),
    [overdue.data],
  );
  const context: TransactionViewContext = useMemo(
    () => ({ organisationCurrency: user.currency.code, rates, overdueSince, actions }),
    [user.currency.code, rates, overdueSince, actions],
  );
  const columns = useMemo(() => transactionColumns(context), [context]);

  return (
    <Stack gap="lg">
      <Title order={1}>{texts.title}</Title>
      <DataList
        {...list.controls}
        onSearchChange={changeSearch}
        label={texts.title}
        rows={page.data?.data}
        pagination={page.data?.pagination}
        rowKey={(transaction) => transaction.id}
        fetching={page.isFetching && page.isPlaceholderData}
        error={page.isError ? texts.loadFailed : undefined}
        display={display}
        onDisplayChange={setDisplay}
        columns={columns}
        renderCard={(transaction) => <TransactionCard transaction={transaction} context={context} />}
        empty={
          <FirstUse title={canEdit ? texts.emptyTitle : texts.emptyReadOnly} text={texts.emptyText}>
            {canEdit ? (
              <>
                <Button leftSection={<IconCash size={18} aria-hidden />} onClick={add}>
                  {texts.add}
                </Button>
                <QrBillUpload user={user} />
              </>
            ) : null}
          </FirstUse>
        }
        filtered={narrowsList(filters) || hidingSome}
        toolbar={<TransactionFilterControls filters={filters} onChange={changeFilters} />}
        onExport={(format) => exportTransactions(format, params)}
        actions={
          canEdit ? (
            <>
              <Button
                variant="default"
                leftSection={<IconSettings size={18} aria-hidden />}
                onClick={() => void openManageDialog()}
              >
                {texts.manage}
              </Button>
              <QrBillUpload user={user} />
              <Button leftSection={<IconCash size={18} aria-hidden />} onClick={add}>
                {texts.add}
              </Button>
            </>
          ) : undefined
        }
        summary={canEdit && selected.size > 0 ? <BulkActions selected={selected} onDone={clearSelection} /> : undefined}
        selection={
          canEdit
            ? { selected, onChange: setSelected, rowLabel: (transaction: Transaction) => transaction.name }
            : undefined
        }
      />
    </Stack>
  );
}
