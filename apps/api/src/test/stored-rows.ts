import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { mails, users, verificationCodes } from '../db/schema/index.js';

/**
 * What the database holds for an e-mail address, to prove that a refused request stored nothing
 * (no mail, no code, no user) and that an accepted one stored exactly what it should.
 */
export async function storedFor(app: FastifyInstance, email: string) {
  const { db } = app.deps.database;
  const [mailRows, codeRows, userRows] = await Promise.all([
    db.select().from(mails).where(eq(mails.recipient, email)),
    db.select().from(verificationCodes).where(eq(verificationCodes.email, email)),
    db.select({ id: users.id }).from(users).where(eq(users.email, email)),
  ]);
  return { mails: mailRows, codes: codeRows, users: userRows };
}

/** The number of rows in the tables a refused request must leave alone. */
export async function rowCounts(app: FastifyInstance) {
  const { db } = app.deps.database;
  const [mailRows, codeRows, userRows] = await Promise.all([
    db.$count(mails),
    db.$count(verificationCodes),
    db.$count(users),
  ]);
  return { mails: mailRows, codes: codeRows, users: userRows };
}
