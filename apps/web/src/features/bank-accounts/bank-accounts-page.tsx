import { useMemo } from 'react';
import { Button, Group, Stack, Title } from '@mantine/core';
import { IconBuildingBank } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { bankAccountListQuerySchema } from '@saldopilot/shared';
import { FirstUse } from '../../components/feedback/first-use';
import { DataList } from '../../components/list/data-list';
import { useListQuery } from '../../components/list/use-list-query';
import { ApiError } from '../../lib/api-error';
import type { RouteHandle } from '../../lib/document-title';
import { usePreference } from '../../lib/preferences';
import { useCanEditCurrentOrganisation } from '../../reference-data/organisations';
import { useSignedInUser } from '../../reference-data/profile';
import { exportBankAccounts } from './api/export-bank-accounts';
import { bankAccountsQuery, bankAccountsMessages } from './api/list-bank-accounts';
import { BankAccountCard } from './components/bank-account-card';
import { bankAccountColumns } from './components/bank-account-columns';
import { openBankAccountDialog } from './components/bank-account-dialog';
import { bankAccountTexts as texts } from './components/bank-account-texts';
import { RecurringButton } from './components/recurring-dialog';
import { StatementDropZone, StatementImportButton } from './components/statement-drop';
import { TotalLine } from './components/total-line';

export const handle = { title: texts.title } satisfies RouteHandle;

// The API's page size of this list (20, as the reference's "Mehr anzeigen" pages).
const PAGE_SIZE = bankAccountListQuerySchema.shape.limit.parse(undefined);

/**
 * "Bankkonten" (docs/web.md "Bankkonten"): the accounts of the current organisation and their
 * total, and the import of bank statements (editors).
 */
export function Component() {
  const user = useSignedInUser();
  const canEdit = useCanEditCurrentOrganisation(user.currentOrganisationId);
  const organisationCurrency = user.currency.code;
  const [display, setDisplay] = usePreference('bankAccountsDisplay');
  const [sort, setSort] = usePreference('bankAccountsSort');
  const list = useListQuery({ sort, onSortChange: setSort, limit: PAGE_SIZE });
  const { data, error, isFetching, isPlaceholderData } = useQuery(bankAccountsQuery(list.query));
  const columns = useMemo(() => bankAccountColumns(organisationCurrency, canEdit), [organisationCurrency, canEdit]);

  const addButton = canEdit ? (
    <Button
      leftSection={<IconBuildingBank size={18} aria-hidden />}
      onClick={() => void openBankAccountDialog({ mode: 'create', currencyId: user.currency.id })}
    >
      {texts.add}
    </Button>
  ) : null;

  return (
    <Stack gap="lg">
      <Title order={1}>{texts.title}</Title>
      <DataList
        {...list.controls}
        label={texts.title}
        rows={data?.data}
        pagination={data?.pagination}
        rowKey={(account) => account.id}
        fetching={isFetching && isPlaceholderData}
        error={error ? (error instanceof ApiError ? error.message : bankAccountsMessages.loadFailed) : undefined}
        display={display}
        onDisplayChange={setDisplay}
        columns={columns}
        renderCard={(account) => (
          <BankAccountCard account={account} organisationCurrency={organisationCurrency} canEdit={canEdit} />
        )}
        empty={
          // docs/web.md "Bankkonten": a new organisation's first visit says what to do.
          <FirstUse
            title={canEdit ? texts.emptyTitle : texts.emptyReadOnly}
            text={canEdit ? texts.emptyHint : undefined}
            icon={<IconBuildingBank size={40} stroke={1.5} aria-hidden />}
          >
            {
              // A first statement can create its account (docs/bank-statements.md "Accounts").
              canEdit ? (
                <Group gap="sm" justify="center">
                  {addButton}
                  <StatementImportButton />
                </Group>
              ) : null
            }
          </FirstUse>
        }
        actions={
          canEdit ? (
            <>
              <RecurringButton />
              <StatementImportButton />
              {addButton}
            </>
          ) : null
        }
        onExport={(format) => exportBankAccounts(format, list.query)}
        summary={data ? <TotalLine total={data.total} /> : null}
      />
      {/* Read-only members cannot import (the API answers 403), so they see neither. */}
      {canEdit && data && data.pagination.totalCount > 0 ? <StatementDropZone /> : null}
    </Stack>
  );
}
