import { useMemo, useState } from 'react';
import {
  Alert,
  Badge,
  Group,
  SegmentedControl,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import {
  cellsOf,
  portfolioTexts as texts,
  visibleRows,
  type PortfolioFilter,
  type PortfolioRow,
  type PortfolioSortKey,
} from '@saldopilot/shared';
import { ExportMenu } from '../../components/list/export-menu';
import { switchOrganisation } from '../../components/shell/organisation-switch';
import { pathTo } from '../../config/routes';
import type { RouteHandle } from '../../lib/document-title';
import { useSignedInUser } from '../../reference-data/profile';
import { useCurrentOrganisation } from '../../reference-data/organisations';
import { exportPortfolio } from './api/export-portfolio';
import { portfolioQuery } from './api/get-portfolio';
import { AlertList } from './components/alert-list';
import { AlertSettingsForm } from './components/alert-settings-form';

export const handle = { title: texts.title } satisfies RouteHandle;

const sortable: Partial<Record<keyof typeof texts.columns, PortfolioSortKey>> = {
  name: 'name',
  shortfallMonth: 'shortfallMonth',
  lowest: 'lowest',
  unmatchedEntries: 'unmatchedEntries',
  overdue: 'overdue',
};

/**
 * "Übersicht" (docs/cockpit.md): every organisation of the user with its first shortfall, the most
 * urgent first; a row opens that organisation's Prognose through the organisation switch.
 */
export function Component() {
  const user = useSignedInUser();
  const { data, error, isPending } = useQuery(portfolioQuery());
  const current = useCurrentOrganisation(user.currentOrganisationId);
  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState<PortfolioFilter>('all');
  const [sortBy, setSortBy] = useState<PortfolioSortKey>('urgency');
  const [descending, setDescending] = useState(false);
  const rows = useMemo(
    () => visibleRows(data?.rows ?? [], { search, filter, sortBy, descending }),
    [data, search, filter, sortBy, descending],
  );

  const open = async (row: PortfolioRow) => {
    if (row.organisationId === user.currentOrganisationId) window.location.assign(pathTo('index'));
    else
      await switchOrganisation({ id: row.organisationId, name: row.name }, user.currentOrganisationId, pathTo('index'));
  };
  const sortOn = (key: PortfolioSortKey) => {
    if (sortBy === key) setDescending(!descending);
    else {
      setSortBy(key);
      setDescending(false);
    }
  };

  return (
    <Stack gap="md">
      <Title order={1}>{texts.title}</Title>
      <Group justify="space-between" wrap="wrap">
        <Group wrap="wrap">
          <TextInput
            aria-label={texts.search}
            placeholder={texts.search}
            leftSection={<IconSearch size={16} aria-hidden />}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
          />
          <SegmentedControl
            aria-label={texts.filter}
            value={filter}
            onChange={(value) => setFilter(value as PortfolioFilter)}
            data={Object.entries(texts.filters).map(([value, label]) => ({ value, label }))}
          />
        </Group>
        {/* The server writes the file from the same rows, search, filter and sort (docs/cockpit.md "Export"). */}
        <ExportMenu onExport={(format) => exportPortfolio(format, { search, filter, sortBy, descending })} />
      </Group>
      {error ? <Alert color="red">{error.message}</Alert> : null}
      {isPending ? <Text>Wird geladen …</Text> : null}
      <Table.ScrollContainer minWidth={900}>
        <Table highlightOnHover aria-label={texts.title}>
          <Table.Thead>
            <Table.Tr>
              {Object.entries(texts.columns).map(([key, label]) => {
                const sortKey = sortable[key as keyof typeof texts.columns];
                const sorted = sortKey !== undefined && sortKey === sortBy;
                return (
                  <Table.Th key={key} aria-sort={sorted ? (descending ? 'descending' : 'ascending') : undefined}>
                    {sortKey ? (
                      <UnstyledButton onClick={() => sortOn(sortKey)} fw={600}>
                        {label}
                        {sorted ? (descending ? ' ▼' : ' ▲') : ''}
                      </UnstyledButton>
                    ) : (
                      label
                    )}
                  </Table.Th>
                );
              })}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => {
              const cells = cellsOf(row);
              return (
                <Table.Tr key={row.organisationId} data-testid="portfolio-row">
                  <Table.Td>
                    <UnstyledButton onClick={() => void open(row)} td="underline">
                      {cells.name}
                    </UnstyledButton>
                    {row.updating ? (
                      <Badge color="gray" variant="light" ml="xs">
                        {texts.updating}
                      </Badge>
                    ) : null}
                  </Table.Td>
                  <Table.Td>
                    {row.shortfallMonth ? <Badge color="red">{cells.shortfallMonth}</Badge> : cells.shortfallMonth}
                  </Table.Td>
                  <Table.Td>{cells.lowest}</Table.Td>
                  <Table.Td>{cells.bankBalance}</Table.Td>
                  <Table.Td c={row.balanceStale ? 'red' : undefined}>{cells.oldestBalanceDate}</Table.Td>
                  <Table.Td>{cells.unmatchedEntries}</Table.Td>
                  <Table.Td>{cells.overdue}</Table.Td>
                  <Table.Td>{cells.payments}</Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {data && data.pending.length > 0 ? (
        <Text c="dimmed" data-testid="portfolio-pending">
          {texts.pending(data.pending.length)}
        </Text>
      ) : null}
      {data && rows.length === 0 && data.pending.length === 0 ? <Text>{texts.empty}</Text> : null}
      <AlertList />
      <AlertSettingsForm organisationId={user.currentOrganisationId} name={current?.name ?? ''} />
    </Stack>
  );
}
