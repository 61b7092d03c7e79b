import { and, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client.js';
import {
  memberships,
  oauthClients,
  oauthCodes,
  oauthGrants,
  oauthTokens,
  organisations,
} from '../../db/schema/index.js';

export type ClientRow = typeof oauthClients.$inferSelect;
export type NewClient = Omit<typeof oauthClients.$inferInsert, 'id'>;

export async function findClient(db: AppDatabase, clientId: string): Promise<ClientRow | undefined> {
  const [row] = await db.select().from(oauthClients).where(eq(oauthClients.clientId, clientId));
  return row;
}

/** A registered client, or a metadata document's (read again: its name and redirect URIs replaced). */
export async function saveClient(db: AppDatabase, client: NewClient): Promise<ClientRow> {
  const [row] = await db
    .insert(oauthClients)
    .values(client)
    .onConflictDoUpdate({
      target: oauthClients.clientId,
      set: {
        name: client.name,
        clientUri: client.clientUri,
        redirectUris: client.redirectUris,
        fetchedAt: client.fetchedAt,
      },
    })
    .returning();
  return row!;
}

/** The user's organisations by name (the consent page's choice). */
export function organisationsOfMember(db: AppDatabase, userId: number) {
  return db
    .select({ id: organisations.id, name: organisations.name })
    .from(memberships)
    .innerJoin(organisations, eq(organisations.id, memberships.organisationId))
    .where(eq(memberships.userId, userId))
    .orderBy(organisations.name, organisations.id);
}

export async function insertCode(db: AppDatabase, code: typeof oauthCodes.$inferInsert): Promise<void> {
  await db.insert(oauthCodes).values(code);
}

/** Takes a code once: the row when it was unused and live, else nothing (a second try finds it used). */
export async function consumeCode(db: AppDatabase, codeHash: string, now: Date) {
  const [row] = await db
    .update(oauthCodes)
    .set({ usedAt: now })
    .where(and(eq(oauthCodes.codeHash, codeHash), isNull(oauthCodes.usedAt), gt(oauthCodes.expiresAt, now)))
    .returning();
  return row;
}

/**
 * A code that was taken before: someone presents it again (OAuth 2.1 §4.1.3). Its connection ends,
 * with every token issued from it (the caller answers invalid_grant). Answers whether it was one.
 */
export async function revokeReplayedCode(db: AppDatabase, codeHash: string): Promise<boolean> {
  const [used] = await db
    .select({ clientId: oauthCodes.clientId, userId: oauthCodes.userId, organisationId: oauthCodes.organisationId })
    .from(oauthCodes)
    .where(and(eq(oauthCodes.codeHash, codeHash), isNotNull(oauthCodes.usedAt)));
  if (!used) return false;
  await db
    .delete(oauthGrants)
    .where(
      and(
        eq(oauthGrants.clientId, used.clientId),
        eq(oauthGrants.userId, used.userId),
        eq(oauthGrants.organisationId, used.organisationId),
      ),
    );
  return true;
}

/** The connection of client, user and organisation, made or given the newly granted scopes. */
export async function saveGrant(
  db: AppDatabase,
  grant: { clientId: number; userId: number; organisationId: number; scopes: string[]; createdAt: Date },
): Promise<number> {
  const [row] = await db
    .insert(oauthGrants)
    .values(grant)
    .onConflictDoUpdate({
      target: [oauthGrants.clientId, oauthGrants.userId, oauthGrants.organisationId],
      set: { scopes: grant.scopes },
    })
    .returning({ id: oauthGrants.id });
  return row!.id;
}

/**
 * The connection's new pair of tokens; its earlier access tokens end with it (a refresh replaces
 * both: docs/access.md "OAuth"). Rotated refresh tokens stay, to recognise one used again.
 */
export async function replaceTokens(
  db: AppDatabase,
  grantId: number,
  tokens: Omit<typeof oauthTokens.$inferInsert, 'grantId'>[],
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(oauthTokens).where(and(eq(oauthTokens.grantId, grantId), eq(oauthTokens.kind, 'access')));
    await tx.insert(oauthTokens).values(tokens.map((token) => ({ ...token, grantId })));
  });
}

/**
 * Exchanges a refresh token once: marks it rotated and answers its connection (with the client and
 * the scopes), or `reused` when it was rotated before (the caller ends the connection), or nothing.
 */
export async function rotateRefreshToken(db: AppDatabase, tokenHash: string, now: Date) {
  const [rotated] = await db
    .update(oauthTokens)
    .set({ rotatedAt: now })
    .where(
      and(
        eq(oauthTokens.tokenHash, tokenHash),
        eq(oauthTokens.kind, 'refresh'),
        isNull(oauthTokens.rotatedAt),
        gt(oauthTokens.expiresAt, now),
      ),
    )
    .returning({ grantId: oauthTokens.grantId });
  if (rotated) {
    const [grant] = await db
      .select({ id: oauthGrants.id, scopes: oauthGrants.scopes, clientId: oauthClients.clientId })
      .from(oauthGrants)
      .innerJoin(oauthClients, eq(oauthClients.id, oauthGrants.clientId))
      .where(eq(oauthGrants.id, rotated.grantId));
    return grant ? { status: 'rotated' as const, grant } : undefined;
  }
  const [used] = await db
    .select({ grantId: oauthTokens.grantId })
    .from(oauthTokens)
    .where(and(eq(oauthTokens.tokenHash, tokenHash), eq(oauthTokens.kind, 'refresh')));
  return used ? { status: 'reused' as const, grantId: used.grantId } : undefined;
}

export async function deleteGrant(db: AppDatabase, grantId: number): Promise<void> {
  await db.delete(oauthGrants).where(eq(oauthGrants.id, grantId));
}

/**
 * Revokes a token of the client (RFC 7009): an access token alone; a refresh token ends its whole
 * connection, since the client asks to be disconnected. Another client's token is left alone.
 */
export async function revokeToken(db: AppDatabase, tokenHash: string, clientId: string | undefined): Promise<void> {
  const [token] = await db
    .select({
      id: oauthTokens.id,
      kind: oauthTokens.kind,
      grantId: oauthTokens.grantId,
      clientId: oauthClients.clientId,
    })
    .from(oauthTokens)
    .innerJoin(oauthGrants, eq(oauthGrants.id, oauthTokens.grantId))
    .innerJoin(oauthClients, eq(oauthClients.id, oauthGrants.clientId))
    .where(eq(oauthTokens.tokenHash, tokenHash));
  if (!token || (clientId !== undefined && token.clientId !== clientId)) return;
  if (token.kind === 'refresh') await deleteGrant(db, token.grantId);
  else await db.delete(oauthTokens).where(eq(oauthTokens.id, token.id));
}

/** Whether the user is a member of the organisation. */
export async function isMember(db: AppDatabase, userId: number, organisationId: number): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(memberships)
    .where(and(eq(memberships.userId, userId), eq(memberships.organisationId, organisationId)));
  return row !== undefined;
}
