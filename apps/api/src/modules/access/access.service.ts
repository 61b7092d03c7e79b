import {
  type AccessScope,
  type ApiToken,
  type ApiTokenCreated,
  type ApiTokenInput,
  type AuditLog,
  type Connection,
  type PageQuery,
  accessScopes,
  addDays,
  describePage,
  zurichDateOf,
} from '@saldopilot/shared';
import type { AppDatabase } from '../../db/client.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { type Clock, zurichInstant } from '../../lib/clock.js';
import { pageWithTotal } from '../../lib/list-query.js';
import { hashSecret, randomSecret } from '../../lib/secrets.js';
import type { Tenant } from '../../lib/tenant.js';
import {
  type ApiTokenRow,
  countApiTokens,
  deleteApiToken,
  deleteConnection,
  insertApiToken,
  insertAuditEntry,
  listApiTokens,
  listAuditEntries,
  listConnections,
} from './access.repository.js';
import type { BearerAccess } from '../../lib/tenant.js';
import { API_TOKEN_PREFIX } from './bearer-access.js';

/** More tokens than anyone keeps by hand: beyond it a script is minting them. */
export const MAX_API_TOKENS = 50;
const TOKEN_NOT_FOUND = 'Das Token wurde nicht gefunden.';
const CONNECTION_NOT_FOUND = 'Die Verbindung wurde nicht gefunden.';

/** A write through a token or an assistant, as the audit log keeps it. */
export interface AuditedWrite {
  organisationId: number;
  userId: number;
  userName: string;
  access: BearerAccess;
  method: string;
  path: string;
  action: string;
  status: number;
}

/** Scopes as stored, in the order of `accessScopes` (a scope no longer known is dropped). */
export function parseScopes(stored: readonly string[]): AccessScope[] {
  return accessScopes.filter((scope) => stored.includes(scope));
}

export type AccessService = ReturnType<typeof createAccessService>;

/** Personal API tokens, the assistants' connections and the audit log (docs/access.md). */
export function createAccessService({ db, clock }: { db: AppDatabase; clock: Clock }) {
  function mapToken(row: ApiTokenRow): ApiToken {
    return {
      id: row.id,
      name: row.name,
      prefix: row.prefix,
      scopes: parseScopes(row.scopes),
      organisationId: row.organisationId,
      organisationName: row.organisationName,
      createdAt: row.createdAt.toISOString(),
      // The last day it works: it ends at the following midnight in Zurich.
      expiresOn: zurichDateOf(new Date(row.expiresAt.getTime() - 1)),
      lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    };
  }

  return {
    async listTokens(userId: number): Promise<ApiToken[]> {
      return (await listApiTokens(db, userId)).map(mapToken);
    },

    /** A new token for the tenant's organisation; its secret is in this answer only. */
    async createToken(tenant: Tenant, { name, scopes, expiresInDays }: ApiTokenInput): Promise<ApiTokenCreated> {
      if ((await countApiTokens(db, tenant.userId)) >= MAX_API_TOKENS) {
        throw new AppError(
          'CONFLICT',
          `Sie haben bereits ${MAX_API_TOKENS} API-Tokens. Widerrufen Sie zuerst eines, das Sie nicht mehr brauchen.`,
        );
      }
      const secret = `${API_TOKEN_PREFIX}${randomSecret()}`;
      const row = await insertApiToken(db, {
        userId: tenant.userId,
        organisationId: tenant.organisationId,
        name,
        tokenHash: hashSecret(secret),
        prefix: secret.slice(0, 12),
        scopes,
        expiresAt: zurichInstant(addDays(clock.today(), expiresInDays + 1), 0),
        createdAt: clock.now(),
      });
      return { token: mapToken(row), secret };
    },

    async revokeToken(userId: number, id: number): Promise<void> {
      if (!(await deleteApiToken(db, userId, id))) throw notFound(TOKEN_NOT_FOUND);
    },

    async listConnections(userId: number): Promise<Connection[]> {
      return (await listConnections(db, userId)).map((row) => ({
        ...row,
        scopes: parseScopes(row.scopes),
        createdAt: row.createdAt.toISOString(),
        lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
      }));
    },

    /** Ends a connection: its tokens are gone, the assistant's next call answers 401. */
    async revokeConnection(userId: number, id: number): Promise<void> {
      if (!(await deleteConnection(db, userId, id))) throw notFound(CONNECTION_NOT_FOUND);
    },

    async record(write: AuditedWrite): Promise<void> {
      await insertAuditEntry(db, {
        organisationId: write.organisationId,
        userId: write.userId,
        userName: write.userName.slice(0, 254),
        via: write.access.kind,
        clientName: write.access.clientName.slice(0, 200),
        method: write.method,
        path: write.path.slice(0, 500),
        action: write.action.slice(0, 200),
        status: write.status,
        at: clock.now(),
      });
    },

    async auditLog(tenant: Tenant, query: PageQuery): Promise<AuditLog> {
      const page = await pageWithTotal(
        await listAuditEntries(db, tenant.organisationId, query.page, query.limit),
        query,
        async () => (await listAuditEntries(db, tenant.organisationId, 1, 1))[0]?.totalCount ?? 0,
      );
      return {
        data: page.rows.map((row) => ({
          id: row.id,
          at: row.at.toISOString(),
          user: { id: row.userId ?? 0, name: row.userName },
          via: row.via === 'assistant' ? 'assistant' : 'token',
          clientName: row.clientName,
          method: row.method,
          path: row.path,
          action: row.action,
          status: row.status,
        })),
        pagination: describePage(query, page.totalCount),
      };
    },
  };
}
