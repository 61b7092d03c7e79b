import { useMemo, useState } from 'react';
import { Anchor, Group, SegmentedControl, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { bankEntryListQuerySchema, formatIban, type BankEntry } from '@saldopilot/shared';
import { pathTo } from '../../config/routes';
import { ErrorPage } from '../../components/error-page';
import { DateInput } from '../../components/form/date-input';
import { DataList, type ListDisplay } from '../../components/list/data-list';
import { useListQuery } from '../../components/list/use-list-query';
import type { ListSort } from '../../components/list/sorting';
import { ApiError } from '../../lib/api-error';
import type { RouteHandle } from '../../lib/document-title';
import { formatDate } from '../../lib/format';
import { useCategories } from '../../reference-data/categories';
import { useCanEditCurrentOrganisation } from '../../reference-data/organisations';
import { useSignedInUser } from '../../reference-data/profile';
import { exportBankEntries } from './api/export-bank-entries';
import { bankAccountQuery } from './api/get-bank-account';
import { bankEntriesMessages, bankEntriesQuery } from './api/list-bank-entries';
import { Balance } from './components/balance';
import { ConfirmUniqueButton } from './components/confirm-unique-button';
import { bankAccountTexts } from './components/bank-account-texts';
import { BankEntryCard, bankEntryColumns, type BankEntryViewContext } from './components/bank-entry-views';
import { statementTexts as texts } from './components/statement-texts';

export const handle = { title: texts.title } satisfies RouteHandle;

// The API's page of entries (50).
const PAGE_SIZE = bankEntryListQuerySchema.shape.limit.parse(undefined);

type Direction = 'credit' | 'debit';

interface EntryFilters {
  from: string | null;
  to: string | null;
  direction: Direction | undefined;
}

const noFilters: EntryFilters = { from: null, to: null, direction: undefined };

const directions = [
  { value: 'all', label: texts.directionAll },
  { value: 'credit', label: texts.directionCredit },
  { value: 'debit', label: texts.directionDebit },
];

/** A day typed into a filter field counts once it is a whole date ('YYYY-MM-DD'). */
function dateOrUndefined(value: string | null): string | undefined {
  return value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined;
}

function EntryFilterControls({ filters, onChange }: { filters: EntryFilters; onChange: (next: EntryFilters) => void }) {
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <DateInput
        label={texts.from}
        value={filters.from}
        onChange={(from) => onChange({ ...filters, from })}
        w="10rem"
      />
      <DateInput label={texts.to} value={filters.to} onChange={(to) => onChange({ ...filters, to })} w="10rem" />
      <SegmentedControl
        aria-label={texts.direction}
        data={directions}
        value={filters.direction ?? 'all'}
        onChange={(value) => onChange({ ...filters, direction: value === 'all' ? undefined : (value as Direction) })}
      />
    </Group>
  );
}

/**
 * "Buchungen" of one bank account (docs/web.md "Buchungen"): the booked entries of its imported
 * statements, newest first; editors set a category and match entries to the plan. A missing or
 * another organisation's account is the not-found box.
 */
export function Component() {
  const params = useParams();
  // The route's loader has checked that the id is a positive integer.
  const id = Number(params.id);
  const user = useSignedInUser();
  const canEdit = useCanEditCurrentOrganisation(user.currentOrganisationId);
  const account = useQuery(bankAccountQuery(id));
  const { data: categories = [] } = useCategories();
  // Display and sort are not remembered: docs/product.md "Remembered preferences" has no such cookie.
  const [display, setDisplay] = useState<ListDisplay>('list');
  const [sort, setSort] = useState<ListSort<'bookingDate'>>({ field: 'bookingDate', order: 'DESC' });
  const [filters, setFilters] = useState<EntryFilters>(noFilters);
  const list = useListQuery({ sort, onSortChange: setSort, limit: PAGE_SIZE });
  const from = dateOrUndefined(filters.from);
  const to = dateOrUndefined(filters.to);
  const entryQuery = { ...list.query, from, to, direction: filters.direction };
  const entries = useQuery({
    ...bankEntriesQuery(id, entryQuery),
    enabled: account.isSuccess,
  });
  const organisationCurrency = user.currency.code;
  const context: BankEntryViewContext = useMemo(
    () => ({ accountId: id, categories, canEdit, organisationCurrency }),
    [id, categories, canEdit, organisationCurrency],
  );
  const columns = useMemo(() => bankEntryColumns(context), [context]);

  if (account.isError) {
    const missing = account.error instanceof ApiError && account.error.status === 404;
    return <ErrorPage status={missing ? 404 : 500} message={missing ? texts.notFound(String(params.id)) : undefined} />;
  }

  const changeFilters = (next: EntryFilters) => {
    setFilters(next);
    list.controls.onPageChange(1);
  };
  const current = account.data;

  return (
    <Stack gap="lg">
      <Anchor component={Link} to={pathTo('bank-accounts')} size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={16} aria-hidden />
          {texts.backToList}
        </Group>
      </Anchor>
      <Title order={1}>{current ? texts.titleOf(current.name) : texts.title}</Title>
      {current ? (
        <Group gap="lg" wrap="wrap">
          {current.iban ? (
            <Text size="sm" ff="monospace">
              {formatIban(current.iban)}
            </Text>
          ) : null}
          <Text size="sm">
            {bankAccountTexts.balance}: <Balance account={current} organisationCurrency={user.currency.code} />
          </Text>
          <Text size="sm">
            {bankAccountTexts.balanceDate}{' '}
            {current.balanceDate ? formatDate(current.balanceDate) : bankAccountTexts.balanceDateUnknown}
          </Text>
        </Group>
      ) : (
        <Skeleton h={24} w="20rem" aria-label={texts.loading} />
      )}
      <DataList
        {...list.controls}
        label={texts.title}
        rows={entries.data?.data}
        pagination={entries.data?.pagination}
        rowKey={(entry: BankEntry) => entry.id}
        fetching={entries.isFetching && entries.isPlaceholderData}
        error={
          entries.error
            ? entries.error instanceof ApiError
              ? entries.error.message
              : bankEntriesMessages.loadFailed
            : undefined
        }
        display={display}
        onDisplayChange={setDisplay}
        columns={columns}
        renderCard={(entry) => <BankEntryCard entry={entry} context={context} />}
        empty={
          <Stack align="center" ta="center" gap="sm" py="xl">
            <Title order={2} fz="h3">
              {texts.empty}
            </Title>
            {canEdit ? (
              <Text c="dimmed" maw="32rem">
                {texts.emptyHint}
              </Text>
            ) : null}
          </Stack>
        }
        filtered={Boolean(from || to || filters.direction)}
        toolbar={<EntryFilterControls filters={filters} onChange={changeFilters} />}
        onExport={(format) => exportBankEntries(id, format, entryQuery)}
        actions={canEdit ? <ConfirmUniqueButton accountId={id} /> : undefined}
      />
    </Stack>
  );
}
