import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import type { PageQuery, Role } from '@saldopilot/shared';
import type { AppDatabase } from '../../db/client.js';
import { bankAccounts, currencies, memberships, organisations, users } from '../../db/schema/index.js';
import { germanOrder } from '../../lib/german-order.js';
import { totalCountColumn } from '../../lib/list-query.js';

// A correlated count keeps the list one query; organisations have few members.
const memberCount = sql<number>`(select count(*)::int from memberships m where m.organisation_id = ${organisations.id})`;

const organisationColumns = {
  id: organisations.id,
  name: organisations.name,
  currencyId: currencies.id,
  currencyCode: currencies.code,
  currencyDescription: currencies.description,
  currencyLocaleCode: currencies.localeCode,
  minimumBalance: organisations.minimumBalance,
  matchTolerancePercent: organisations.matchTolerancePercent,
  matchWindowDays: organisations.matchWindowDays,
  salaryBankAccountId: organisations.salaryBankAccountId,
  paymentTermDays: organisations.paymentTermDays,
  role: memberships.role,
  memberCount,
};

function organisationsOfUser(db: AppDatabase, userId: number) {
  return db
    .select(organisationColumns)
    .from(memberships)
    .innerJoin(organisations, eq(organisations.id, memberships.organisationId))
    .innerJoin(currencies, eq(currencies.id, organisations.currencyId))
    .where(eq(memberships.userId, userId))
    .$dynamic();
}

export type OrganisationRow = Awaited<ReturnType<typeof findOrganisationOfUser>> & {};

/** One page of the user's organisations in German order, each row with the count of all of them. */
export function listOrganisationsOfUser(db: AppDatabase, userId: number, query: PageQuery) {
  return db
    .select({ ...organisationColumns, totalCount: totalCountColumn() })
    .from(memberships)
    .innerJoin(organisations, eq(organisations.id, memberships.organisationId))
    .innerJoin(currencies, eq(currencies.id, organisations.currencyId))
    .where(eq(memberships.userId, userId))
    .orderBy(germanOrder(organisations.name), asc(organisations.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
}

/** Every organisation of the user, in German order (the Übersicht: docs/cockpit.md). */
export function allOrganisationsOfUser(db: AppDatabase, userId: number) {
  return organisationsOfUser(db, userId).orderBy(germanOrder(organisations.name), asc(organisations.id));
}

/** How many organisations the user belongs to (for a page past the end). */
export async function countOrganisationsOfUser(db: AppDatabase, userId: number): Promise<number> {
  const [row] = await db.select({ total: count() }).from(memberships).where(eq(memberships.userId, userId));
  return row?.total ?? 0;
}

/** One organisation, only if the user is a member (otherwise undefined: the caller answers 404). */
export async function findOrganisationOfUser(db: AppDatabase, userId: number, organisationId: number) {
  const [row] = await organisationsOfUser(db, userId).where(
    and(eq(memberships.userId, userId), eq(memberships.organisationId, organisationId)),
  );
  return row;
}

/** Creates an organisation with its first owner. */
export async function insertOrganisation(
  db: AppDatabase,
  input: { name: string; currencyId: number },
  ownerId: number,
) {
  const [row] = await db.insert(organisations).values(input).returning({ id: organisations.id });
  if (!row) throw new Error('organisation insert returned nothing');
  await db.insert(memberships).values({ organisationId: row.id, userId: ownerId, role: 'owner' });
  return row.id;
}

export async function updateOrganisation(
  db: AppDatabase,
  organisationId: number,
  changes: {
    name?: string;
    currencyId?: number;
    minimumBalance?: number;
    matchTolerancePercent?: number;
    matchWindowDays?: number;
    salaryBankAccountId?: number | null;
    paymentTermDays?: number;
  },
): Promise<void> {
  await db.update(organisations).set(changes).where(eq(organisations.id, organisationId));
}

/** The members of an organisation, owners first, then by name and e-mail. */
export function listMembers(db: AppDatabase, organisationId: number) {
  return db
    .select({ userId: users.id, name: users.name, email: users.email, role: memberships.role })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.organisationId, organisationId))
    .orderBy(sql`${memberships.role} = 'owner' desc`, asc(users.name), asc(users.email));
}

export async function findMemberRole(
  db: AppDatabase,
  organisationId: number,
  userId: number,
): Promise<Role | undefined> {
  const [row] = await db
    .select({ role: memberships.role })
    .from(memberships)
    .where(and(eq(memberships.organisationId, organisationId), eq(memberships.userId, userId)));
  return row?.role;
}

/**
 * Locks the organisation's row until the transaction ends: member changes of one organisation run
 * one after the other, so two owners cannot each see the other as the remaining owner.
 */
export async function lockOrganisation(db: AppDatabase, organisationId: number): Promise<void> {
  await db
    .select({ id: organisations.id })
    .from(organisations)
    .where(eq(organisations.id, organisationId))
    .for('update');
}

export async function countOwners(db: AppDatabase, organisationId: number): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(memberships)
    .where(and(eq(memberships.organisationId, organisationId), eq(memberships.role, 'owner')));
  return row?.value ?? 0;
}

export async function insertMembership(db: AppDatabase, organisationId: number, userId: number, role: Role) {
  const rows = await db
    .insert(memberships)
    .values({ organisationId, userId, role })
    .onConflictDoNothing()
    .returning({ userId: memberships.userId });
  return rows.length === 1;
}

export async function updateMemberRole(db: AppDatabase, organisationId: number, userId: number, role: Role) {
  await db
    .update(memberships)
    .set({ role })
    .where(and(eq(memberships.organisationId, organisationId), eq(memberships.userId, userId)));
}

/**
 * Removes a membership; if it was the user's current organisation, another membership (the oldest)
 * becomes current, or none.
 */
export async function deleteMembership(db: AppDatabase, organisationId: number, userId: number): Promise<void> {
  await db
    .delete(memberships)
    .where(and(eq(memberships.organisationId, organisationId), eq(memberships.userId, userId)));
  const [next] = await db
    .select({ organisationId: memberships.organisationId })
    .from(memberships)
    .where(and(eq(memberships.userId, userId), ne(memberships.organisationId, organisationId)))
    .orderBy(asc(memberships.createdAt), asc(memberships.organisationId))
    .limit(1);
  await db
    .update(users)
    .set({ currentOrganisationId: next?.organisationId ?? null })
    .where(and(eq(users.id, userId), eq(users.currentOrganisationId, organisationId)));
}

export async function setCurrentOrganisationOf(db: AppDatabase, userId: number, organisationId: number) {
  await db.update(users).set({ currentOrganisationId: organisationId }).where(eq(users.id, userId));
}

/** Whether the organisation has the bank account; share-locked until the transaction ends (it cannot go meanwhile). */
export async function findOwnBankAccount(db: AppDatabase, organisationId: number, id: number): Promise<boolean> {
  const rows = await db
    .select({ id: bankAccounts.id })
    .from(bankAccounts)
    .where(and(eq(bankAccounts.id, id), eq(bankAccounts.organisationId, organisationId)))
    .for('share');
  return rows.length === 1;
}
