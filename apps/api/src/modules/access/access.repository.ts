import { and, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { AccessScope, Role } from '@saldopilot/shared';
import type { AppDatabase } from '../../db/client.js';
import {
  apiTokens,
  auditLog,
  memberships,
  oauthClients,
  oauthGrants,
  oauthTokens,
  organisations,
  users,
} from '../../db/schema/index.js';
import { totalCountColumn } from '../../lib/list-query.js';

/** Who a bearer secret speaks for: the member (role now, not when the token was made) and what it may do. */
export interface BearerRow {
  id: number;
  userId: number;
  organisationId: number;
  role: Role;
  currencyId: number;
  scopes: AccessScope[];
  clientName: string;
  lastUsedAt: Date | null;
}

const member = {
  role: memberships.role,
  currencyId: organisations.currencyId,
};

/** A live personal API token by its hash; none once expired or when its user left the organisation. */
export async function findApiTokenAccess(
  db: AppDatabase,
  tokenHash: string,
  now: Date,
): Promise<BearerRow | undefined> {
  const [row] = await db
    .select({
      id: apiTokens.id,
      userId: apiTokens.userId,
      organisationId: apiTokens.organisationId,
      ...member,
      scopes: apiTokens.scopes,
      clientName: apiTokens.name,
      lastUsedAt: apiTokens.lastUsedAt,
    })
    .from(apiTokens)
    .innerJoin(
      memberships,
      and(eq(memberships.userId, apiTokens.userId), eq(memberships.organisationId, apiTokens.organisationId)),
    )
    .innerJoin(organisations, eq(organisations.id, apiTokens.organisationId))
    .where(and(eq(apiTokens.tokenHash, tokenHash), gt(apiTokens.expiresAt, now)));
  return row as BearerRow | undefined;
}

/** A live OAuth access token by its hash: the connection (`id` = grant) it belongs to. */
export async function findAssistantAccess(
  db: AppDatabase,
  tokenHash: string,
  now: Date,
): Promise<BearerRow | undefined> {
  const [row] = await db
    .select({
      id: oauthGrants.id,
      userId: oauthGrants.userId,
      organisationId: oauthGrants.organisationId,
      ...member,
      scopes: oauthGrants.scopes,
      clientName: oauthClients.name,
      lastUsedAt: oauthGrants.lastUsedAt,
    })
    .from(oauthTokens)
    .innerJoin(oauthGrants, eq(oauthGrants.id, oauthTokens.grantId))
    .innerJoin(oauthClients, eq(oauthClients.id, oauthGrants.clientId))
    .innerJoin(
      memberships,
      and(eq(memberships.userId, oauthGrants.userId), eq(memberships.organisationId, oauthGrants.organisationId)),
    )
    .innerJoin(organisations, eq(organisations.id, oauthGrants.organisationId))
    .where(and(eq(oauthTokens.tokenHash, tokenHash), eq(oauthTokens.kind, 'access'), gt(oauthTokens.expiresAt, now)));
  return row as BearerRow | undefined;
}

/** "Zuletzt verwendet", written at most once a minute per token (`before` = now − 1 min). */
export async function touchApiToken(db: AppDatabase, id: number, now: Date, before: Date): Promise<void> {
  await db
    .update(apiTokens)
    .set({ lastUsedAt: now })
    .where(and(eq(apiTokens.id, id), or(isNull(apiTokens.lastUsedAt), lt(apiTokens.lastUsedAt, before))));
}

export async function touchGrant(db: AppDatabase, id: number, now: Date, before: Date): Promise<void> {
  await db
    .update(oauthGrants)
    .set({ lastUsedAt: now })
    .where(and(eq(oauthGrants.id, id), or(isNull(oauthGrants.lastUsedAt), lt(oauthGrants.lastUsedAt, before))));
}

// ---------------------------------------------------------------------------------------------
// Personal API tokens

const tokenColumns = {
  id: apiTokens.id,
  name: apiTokens.name,
  prefix: apiTokens.prefix,
  scopes: apiTokens.scopes,
  organisationId: apiTokens.organisationId,
  organisationName: organisations.name,
  createdAt: apiTokens.createdAt,
  expiresAt: apiTokens.expiresAt,
  lastUsedAt: apiTokens.lastUsedAt,
};
export type ApiTokenRow = Awaited<ReturnType<typeof listApiTokens>>[number];

/** The user's tokens in every organisation, newest first (expired ones too: the list says so). */
export function listApiTokens(db: AppDatabase, userId: number) {
  return db
    .select(tokenColumns)
    .from(apiTokens)
    .innerJoin(organisations, eq(organisations.id, apiTokens.organisationId))
    .where(eq(apiTokens.userId, userId))
    .orderBy(desc(apiTokens.id));
}

export async function insertApiToken(db: AppDatabase, values: typeof apiTokens.$inferInsert): Promise<ApiTokenRow> {
  const [inserted] = await db.insert(apiTokens).values(values).returning({ id: apiTokens.id });
  const [row] = await db
    .select(tokenColumns)
    .from(apiTokens)
    .innerJoin(organisations, eq(organisations.id, apiTokens.organisationId))
    .where(eq(apiTokens.id, inserted!.id));
  return row!;
}

export async function countApiTokens(db: AppDatabase, userId: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(apiTokens)
    .where(eq(apiTokens.userId, userId));
  return row?.count ?? 0;
}

/** Deletes one of the user's tokens; false when the user has none with that id. */
export async function deleteApiToken(db: AppDatabase, userId: number, id: number): Promise<boolean> {
  const deleted = await db
    .delete(apiTokens)
    .where(and(eq(apiTokens.id, id), eq(apiTokens.userId, userId)))
    .returning({ id: apiTokens.id });
  return deleted.length > 0;
}

// ---------------------------------------------------------------------------------------------
// Connections (OAuth grants)

/** The user's connections in every organisation, newest first. */
export function listConnections(db: AppDatabase, userId: number) {
  return db
    .select({
      id: oauthGrants.id,
      clientName: oauthClients.name,
      clientUri: oauthClients.clientUri,
      scopes: oauthGrants.scopes,
      organisationId: oauthGrants.organisationId,
      organisationName: organisations.name,
      createdAt: oauthGrants.createdAt,
      lastUsedAt: oauthGrants.lastUsedAt,
    })
    .from(oauthGrants)
    .innerJoin(oauthClients, eq(oauthClients.id, oauthGrants.clientId))
    .innerJoin(organisations, eq(organisations.id, oauthGrants.organisationId))
    .where(eq(oauthGrants.userId, userId))
    .orderBy(desc(oauthGrants.id));
}

/** Ends a connection with all its tokens (they cascade); false when the user has none with that id. */
export async function deleteConnection(db: AppDatabase, userId: number, id: number): Promise<boolean> {
  const deleted = await db
    .delete(oauthGrants)
    .where(and(eq(oauthGrants.id, id), eq(oauthGrants.userId, userId)))
    .returning({ id: oauthGrants.id });
  return deleted.length > 0;
}

// ---------------------------------------------------------------------------------------------
// The audit log

export async function insertAuditEntry(db: AppDatabase, entry: typeof auditLog.$inferInsert): Promise<void> {
  await db.insert(auditLog).values(entry);
}

/** One page of the organisation's audit log, newest first, each row with the count of all. */
export function listAuditEntries(db: AppDatabase, organisationId: number, page: number, limit: number) {
  return db
    .select({
      id: auditLog.id,
      at: auditLog.at,
      userId: auditLog.userId,
      userName: sql<string>`coalesce(nullif(${users.name}, ''), ${auditLog.userName})`,
      via: auditLog.via,
      clientName: auditLog.clientName,
      method: auditLog.method,
      path: auditLog.path,
      action: auditLog.action,
      status: auditLog.status,
      totalCount: totalCountColumn(),
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.userId))
    .where(eq(auditLog.organisationId, organisationId))
    .orderBy(desc(auditLog.id))
    .limit(limit)
    .offset((page - 1) * limit);
}
