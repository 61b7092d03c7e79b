import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client.js';
import { mails } from '../../db/schema/index.js';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Stores a mail as due now; part of the caller's transaction, so it exists exactly when its cause does. */
export async function insertMail(db: AppDatabase, mail: OutgoingMail, now: Date): Promise<void> {
  await db.insert(mails).values({
    recipient: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    status: 'pending',
    nextAttemptAt: now,
    createdAt: now,
  });
}

/**
 * Claims up to `limit` due mails with one statement: their next attempt moves to `leaseUntil`, so
 * another instance (or a crash mid-send) cannot send them twice; an unfinished lease simply expires.
 */
export async function claimDueMails(db: AppDatabase, now: Date, leaseUntil: Date, limit = 20) {
  const due = db
    .select({ id: mails.id })
    .from(mails)
    .where(and(eq(mails.status, 'pending'), lte(mails.nextAttemptAt, now)))
    .orderBy(asc(mails.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(mails)
    .set({ nextAttemptAt: leaseUntil, attempts: sql`${mails.attempts} + 1` })
    .where(inArray(mails.id, due))
    .returning();
}

/**
 * Records the delivery. A mail handed to the SMTP server loses its text: it carries live links
 * (registration, reset, invitation), and a database or backup must not be a way into accounts.
 * The outbox keeps it, being the only place a developer can read it.
 */
export async function markMailDelivered(db: AppDatabase, id: number, status: 'sent' | 'stored', now: Date) {
  await db
    .update(mails)
    .set({
      status,
      sentAt: now,
      lastError: null,
      nextAttemptAt: null,
      ...(status === 'sent' ? { text: '', html: '' } : {}),
    })
    .where(eq(mails.id, id));
}

/** A failed attempt: tried again at `nextAttemptAt`, or given up (its links are dead by then, so its text goes). */
export async function markMailFailed(db: AppDatabase, id: number, error: string, nextAttemptAt: Date | null) {
  await db
    .update(mails)
    .set({
      lastError: error.slice(0, 1000),
      nextAttemptAt,
      ...(nextAttemptAt ? {} : { status: 'failed' as const, text: '', html: '' }),
    })
    .where(eq(mails.id, id));
}

/** The newest mails, for the development outbox. */
export function listRecentMails(db: AppDatabase, limit = 50) {
  return db.select().from(mails).orderBy(desc(mails.id)).limit(limit);
}
