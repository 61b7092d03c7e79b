import { useState } from 'react';
import { Alert, Skeleton, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatDateTimeInZurich, type AuditEntry } from '@saldopilot/shared';
import { ListPagination } from '../../../components/list/list-pagination';
import { ListTable, type ListColumn } from '../../../components/list/list-table';
import { auditLogQuery } from '../api/get-audit-log';
import { accessTexts as texts, auditViaLabel } from './access-texts';
import { SettingsSection } from './settings-section';

/** Zeit, Person, Über, Aktion, Pfad (method and path, monospace). */
const columns: ListColumn<AuditEntry, never>[] = [
  { key: 'at', header: texts.time, render: (entry) => formatDateTimeInZurich(entry.at) },
  { key: 'user', header: texts.person, render: (entry) => entry.user.name },
  { key: 'via', header: texts.via, render: (entry) => auditViaLabel(entry) },
  { key: 'action', header: texts.action, render: (entry) => entry.action },
  {
    key: 'path',
    header: texts.path,
    render: (entry) => (
      <Text span size="xs" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
        {entry.method} {entry.path}
      </Text>
    ),
  },
];

/**
 * Einstellungen → Zugriff → Protokoll (docs/web.md "Zugriff von aussen"): the current organisation's
 * changes made through API tokens and assistants, newest first, a page at a time. Shown to owners
 * and admins only (the API answers others 403).
 */
export function AuditLogSection({ organisationId }: { organisationId: number }) {
  const [page, setPage] = useState(1);
  const { data, isPending, isError, isPlaceholderData } = useQuery(auditLogQuery(organisationId, page));

  return (
    <SettingsSection title={texts.auditLog} description={texts.auditIntro}>
      {isError ? (
        <Alert color="red" variant="light" role="alert">
          {texts.auditFailed}
        </Alert>
      ) : isPending ? (
        <Skeleton h={48} radius="md" />
      ) : data.pagination.totalCount === 0 ? (
        <Text c="dimmed">{texts.noEntries}</Text>
      ) : (
        <div aria-busy={isPlaceholderData || undefined}>
          <ListTable label={texts.auditLog} rows={data.data} rowKey={(entry) => entry.id} columns={columns} />
          <ListPagination
            page={page}
            totalPages={data.pagination.totalPages}
            totalCount={data.pagination.totalCount}
            onChange={setPage}
          />
        </div>
      )}
    </SettingsSection>
  );
}
