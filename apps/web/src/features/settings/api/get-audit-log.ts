import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { AuditLog } from '@saldopilot/shared';
import { api } from '../../../lib/api-client';

/** Entries per page of the audit log. */
export const AUDIT_LOG_PAGE_SIZE = 50;

/** Query keys of the current organisation's audit log, one per page. */
export const auditLogKeys = {
  all: ['audit-log'] as const,
  page: (organisationId: number, page: number) => [...auditLogKeys.all, organisationId, page] as const,
};

/** One page of the changes made through API tokens and assistants (owners and admins; else 403). */
export function getAuditLog(page: number, signal?: AbortSignal): Promise<AuditLog> {
  return api.get<AuditLog>('/api/audit-log', { query: { page, limit: AUDIT_LOG_PAGE_SIZE }, signal });
}

/** A page of the log; the previous page stays on screen while the next one loads. */
export function auditLogQuery(organisationId: number, page: number) {
  return queryOptions({
    queryKey: auditLogKeys.page(organisationId, page),
    queryFn: ({ signal }) => getAuditLog(page, signal),
    placeholderData: keepPreviousData,
  });
}
