import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Role } from '@saldopilot/shared';
import type { AppDatabase } from '../../db/client.js';
import { invitations, organisations, users } from '../../db/schema/index.js';

// The inviter is shown by name, or by e-mail when they have not set a name.
const invitedByName = sql<string>`coalesce(nullif(${users.name}, ''), ${users.email}, '')`;

const invitationColumns = {
  id: invitations.id,
  organisationId: invitations.organisationId,
  organisationName: organisations.name,
  email: invitations.email,
  role: invitations.role,
  invitedBy: invitations.invitedBy,
  invitedByName,
  expiresAt: invitations.expiresAt,
  lastSentAt: invitations.lastSentAt,
  acceptedAt: invitations.acceptedAt,
  revokedAt: invitations.revokedAt,
  createdAt: invitations.createdAt,
};

function selectInvitations(db: AppDatabase) {
  return db
    .select(invitationColumns)
    .from(invitations)
    .innerJoin(organisations, eq(organisations.id, invitations.organisationId))
    .leftJoin(users, eq(users.id, invitations.invitedBy))
    .$dynamic();
}

export type InvitationRow = NonNullable<Awaited<ReturnType<typeof findInvitationByTokenHash>>>;

const open = and(isNull(invitations.acceptedAt), isNull(invitations.revokedAt));

export async function insertInvitation(
  db: AppDatabase,
  input: {
    organisationId: number;
    email: string;
    role: Role;
    tokenHash: string;
    invitedBy: number;
    expiresAt: Date;
    now: Date;
  },
): Promise<number> {
  const { now, ...values } = input;
  const [row] = await db
    .insert(invitations)
    .values({ ...values, lastSentAt: now, createdAt: now })
    .returning({ id: invitations.id });
  if (!row) throw new Error('invitation insert returned nothing');
  return row.id;
}

/** Open (not accepted, not revoked) invitations of an organisation, newest first, expired ones included. */
export function listOpenInvitations(db: AppDatabase, organisationId: number) {
  return selectInvitations(db)
    .where(and(eq(invitations.organisationId, organisationId), open))
    .orderBy(desc(invitations.id));
}

/** An open invitation of the organisation to this e-mail that has not expired. */
export async function findPendingInvitation(db: AppDatabase, organisationId: number, email: string, now: Date) {
  const [row] = await selectInvitations(db).where(
    and(
      eq(invitations.organisationId, organisationId),
      eq(invitations.email, email),
      open,
      gt(invitations.expiresAt, now),
    ),
  );
  return row;
}

export async function findOpenInvitation(db: AppDatabase, organisationId: number, invitationId: number) {
  const [row] = await selectInvitations(db).where(
    and(eq(invitations.organisationId, organisationId), eq(invitations.id, invitationId), open),
  );
  return row;
}

export async function findInvitationByTokenHash(db: AppDatabase, tokenHash: string) {
  const [row] = await selectInvitations(db).where(eq(invitations.tokenHash, tokenHash));
  return row;
}

/** Open, unexpired invitations addressed to an e-mail, across organisations. */
export function listPendingForEmail(db: AppDatabase, email: string, now: Date) {
  return selectInvitations(db)
    .where(and(eq(invitations.email, email), open, gt(invitations.expiresAt, now)))
    .orderBy(desc(invitations.id));
}

export async function revokeInvitation(db: AppDatabase, invitationId: number, now: Date): Promise<void> {
  await db
    .update(invitations)
    .set({ revokedAt: now })
    .where(and(eq(invitations.id, invitationId), open));
}

/** A resend gets a new token: only hashes are stored, so the old link cannot be mailed again. */
/** A new link for a resent invitation, valid from now on (until `expiresAt`). */
export async function replaceToken(
  db: AppDatabase,
  invitationId: number,
  link: { tokenHash: string; sentAt: Date; expiresAt: Date },
): Promise<void> {
  await db
    .update(invitations)
    .set({ tokenHash: link.tokenHash, lastSentAt: link.sentAt, expiresAt: link.expiresAt })
    .where(eq(invitations.id, invitationId));
}

/** Marks an invitation accepted; false when a concurrent request was first (single use). */
export async function markAccepted(db: AppDatabase, invitationId: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(invitations)
    .set({ acceptedAt: now })
    .where(and(eq(invitations.id, invitationId), open))
    .returning({ id: invitations.id });
  return rows.length === 1;
}
