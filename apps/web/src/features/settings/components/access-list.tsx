import type { ReactNode } from 'react';
import { Alert, Group, Skeleton, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { accessScopeLabels, formatDateTimeInZurich, type AccessScope } from '@saldopilot/shared';
import { ListTable, type ListColumn } from '../../../components/list/list-table';
import { RowAction } from '../../../components/list/row-action';
import { formatInstantInZurich } from '../../../lib/format';
import { queryClient } from '../../../lib/query-client';
import { runConfirmed } from '../../../lib/user-action';
import { accessTexts as texts } from './access-texts';

/** A granted access as both lists show it: an API token or an assistant's connection. */
interface Access {
  id: number;
  scopes: AccessScope[];
  organisationName: string;
  createdAt: string;
  lastUsedAt: string | null;
}

/** The scopes of an access, one German label a line. */
function ScopeList({ scopes }: { scopes: readonly AccessScope[] }) {
  return (
    <Stack component="ul" gap={2} m={0} p={0} miw="12rem" style={{ listStyle: 'none' }}>
      {scopes.map((scope) => (
        <Text component="li" key={scope} size="xs">
          {accessScopeLabels[scope]}
        </Text>
      ))}
    </Stack>
  );
}

/** The columns both lists share after their own first ones: Organisation, Berechtigungen, … */
export function accessColumns<Row extends Access>(created: string): ListColumn<Row, never>[] {
  return [
    { key: 'organisation', header: texts.organisation, render: (row) => row.organisationName },
    { key: 'scopes', header: texts.scopes, render: (row) => <ScopeList scopes={row.scopes} /> },
    { key: 'created', header: created, render: (row) => formatInstantInZurich(row.createdAt) },
  ];
}

/** "Zuletzt verwendet": the moment in Zurich, or "Nie". */
export function lastUsedColumn<Row extends Access>(): ListColumn<Row, never> {
  return {
    key: 'lastUsed',
    header: texts.lastUsed,
    render: (row) => (row.lastUsedAt ? formatDateTimeInZurich(row.lastUsedAt) : texts.never),
  };
}

/**
 * The name cell of a row: the name, and on its right the red "Widerrufen" button whose accessible
 * name names the item ("Widerrufen: CI-Export").
 */
export function RevocableName({ name, label, onRevoke }: { name: ReactNode; label: string; onRevoke: () => void }) {
  return (
    // Wide enough for a name: in a narrow table the browser squeezed "CI-Export" to a letter a line.
    <Group gap="xs" wrap="nowrap" justify="space-between" miw="9rem">
      <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }} component="div">
        {name}
      </Text>
      <RowAction
        kind="revoke"
        size="sm"
        tooltip={texts.revoke}
        label={`${texts.revoke}: ${label}`}
        onClick={onRevoke}
      />
    </Group>
  );
}

/**
 * Revokes an access after asking (the focus on "Abbrechen"), then a toast; the list loads again.
 */
export function revokeAccess({
  header,
  question,
  revoked,
  run,
  listKey,
}: {
  header: string;
  question: string;
  revoked: string;
  run: () => Promise<void>;
  listKey: readonly unknown[];
}): Promise<boolean> {
  return runConfirmed(
    { header, message: question, acceptLabel: texts.revoke, rejectLabel: texts.cancel },
    async () => {
      await run();
      await queryClient.invalidateQueries({ queryKey: listKey });
    },
    { summary: texts.success, detail: revoked },
  );
}

/**
 * A list of the access tab as a table: skeleton while loading, the alert when loading failed, the
 * empty text when there is nothing.
 */
export function AccessTable<Row extends { id: number }>({
  label,
  query,
  failed,
  empty,
  columns,
}: {
  label: string;
  query: Pick<UseQueryResult<Row[]>, 'data' | 'isPending' | 'isError'>;
  failed: string;
  empty: string;
  columns: ListColumn<Row, never>[];
}) {
  if (query.isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        {failed}
      </Alert>
    );
  }
  if (query.isPending || !query.data) return <Skeleton h={48} radius="md" />;
  if (query.data.length === 0) return <Text c="dimmed">{empty}</Text>;
  return <ListTable label={label} rows={query.data} rowKey={(row) => row.id} columns={columns} />;
}
