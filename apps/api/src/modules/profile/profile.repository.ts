import { and, eq } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client.js';
import { currencies, memberships, organisations, users } from '../../db/schema/index.js';

/** The user with the currency of their current organisation (null without one). */
export async function findProfileRow(db: AppDatabase, userId: number) {
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      passwordHash: users.passwordHash,
      currentOrganisationId: users.currentOrganisationId,
      currencyId: currencies.id,
      currencyCode: currencies.code,
      currencyLocaleCode: currencies.localeCode,
    })
    .from(users)
    .leftJoin(organisations, eq(organisations.id, users.currentOrganisationId))
    .leftJoin(currencies, eq(currencies.id, organisations.currencyId))
    .where(eq(users.id, userId));
  return row;
}

export type ProfileRow = NonNullable<Awaited<ReturnType<typeof findProfileRow>>>;

export async function updateUserName(db: AppDatabase, userId: number, name: string): Promise<void> {
  await db.update(users).set({ name }).where(eq(users.id, userId));
}

/** Makes a membership's organisation current; false when the user is no member of it. */
export async function setCurrentOrganisation(
  db: AppDatabase,
  userId: number,
  organisationId: number,
): Promise<boolean> {
  const [membership] = await db
    .select({ organisationId: memberships.organisationId })
    .from(memberships)
    .where(and(eq(memberships.userId, userId), eq(memberships.organisationId, organisationId)));
  if (!membership) return false;
  await db.update(users).set({ currentOrganisationId: organisationId }).where(eq(users.id, userId));
  return true;
}
