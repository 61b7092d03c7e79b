import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client.js';
import { memberships, organisations, users, verificationCodes } from '../../db/schema/index.js';

export type CodePurpose = 'registration' | 'password-reset';

export async function findUserByEmail(db: AppDatabase, email: string) {
  const [row] = await db.select().from(users).where(eq(users.email, email));
  return row;
}

/** Invalidates earlier codes of the same purpose, so only the newest link works. */
export async function retireCodes(db: AppDatabase, purpose: CodePurpose, email: string, at: Date): Promise<void> {
  await db
    .update(verificationCodes)
    .set({ consumedAt: at })
    .where(
      and(
        eq(verificationCodes.purpose, purpose),
        eq(verificationCodes.email, email),
        isNull(verificationCodes.consumedAt),
      ),
    );
}

export async function insertCode(
  db: AppDatabase,
  code: { purpose: CodePurpose; email: string; codeHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(verificationCodes).values(code);
}

/** The newest code of this purpose and e-mail that is neither used, dead nor expired. */
export async function findLiveCode(db: AppDatabase, purpose: CodePurpose, email: string, now: Date) {
  const [row] = await db
    .select()
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.purpose, purpose),
        eq(verificationCodes.email, email),
        isNull(verificationCodes.consumedAt),
        gt(verificationCodes.expiresAt, now),
      ),
    )
    .orderBy(desc(verificationCodes.id))
    .limit(1);
  return row;
}

/** Counts a wrong try; the code dies (is consumed) when it reaches `maxAttempts`. */
export async function countFailedAttempt(db: AppDatabase, id: number, maxAttempts: number, now: Date): Promise<void> {
  await db
    .update(verificationCodes)
    .set({
      failedAttempts: sql`${verificationCodes.failedAttempts} + 1`,
      consumedAt: sql`case when ${verificationCodes.failedAttempts} + 1 >= ${maxAttempts} then ${now.toISOString()}::timestamptz else null end`,
    })
    .where(eq(verificationCodes.id, id));
}

/** Uses a code up; false when a concurrent request was first (single use even under races). */
export async function consumeCode(db: AppDatabase, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(verificationCodes)
    .set({ consumedAt: now })
    .where(and(eq(verificationCodes.id, id), isNull(verificationCodes.consumedAt)))
    .returning({ id: verificationCodes.id });
  return rows.length === 1;
}

/**
 * Creates the user with a first organisation they own and work in. Answers undefined when the
 * e-mail is taken (unique index), so the caller can refuse without a half-created account.
 */
export async function insertUserWithOrganisation(
  db: AppDatabase,
  input: { email: string; name: string; passwordHash: string; organisationName: string; currencyId: number },
) {
  const [user] = await db
    .insert(users)
    .values({ email: input.email, name: input.name, passwordHash: input.passwordHash })
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id });
  if (!user) return undefined;
  const [organisation] = await db
    .insert(organisations)
    .values({ name: input.organisationName, currencyId: input.currencyId })
    .returning({ id: organisations.id });
  if (!organisation) throw new Error('organisation insert returned nothing');
  await db.insert(memberships).values({ organisationId: organisation.id, userId: user.id, role: 'owner' });
  await db.update(users).set({ currentOrganisationId: organisation.id }).where(eq(users.id, user.id));
  return user.id;
}
