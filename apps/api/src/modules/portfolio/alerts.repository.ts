import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { AlertSettings } from '@saldopilot/shared';
import type { AppDatabase } from '../../db/client.js';
import {
  alerts,
  alertSettings,
  alertStates,
  digestRuns,
  digestSubscriptions,
  memberships,
  organisations,
  users,
} from '../../db/schema/index.js';

/** The most "Hinweise" one list answers (the newest). */
const LIST_LIMIT = 200;

export async function findSettings(db: AppDatabase, userId: number, organisationId: number) {
  const [row] = await db
    .select()
    .from(alertSettings)
    .where(and(eq(alertSettings.userId, userId), eq(alertSettings.organisationId, organisationId)));
  return row;
}

export async function saveSettings(db: AppDatabase, userId: number, organisationId: number, settings: AlertSettings) {
  await db
    .insert(alertSettings)
    .values({ userId, organisationId, ...settings })
    .onConflictDoUpdate({ target: [alertSettings.userId, alertSettings.organisationId], set: settings });
}

/** The members of the organisation who saved settings for it, with their mail address and its name. */
export function watchersOf(db: AppDatabase, organisationId: number) {
  return db
    .select({
      userId: alertSettings.userId,
      email: users.email,
      organisationName: organisations.name,
      shortfall: alertSettings.shortfall,
      staleDays: alertSettings.staleDays,
      unmatchedAbove: alertSettings.unmatchedAbove,
      paymentAbove: alertSettings.paymentAbove,
      paymentWithinDays: alertSettings.paymentWithinDays,
    })
    .from(alertSettings)
    .innerJoin(
      memberships,
      and(eq(memberships.userId, alertSettings.userId), eq(memberships.organisationId, alertSettings.organisationId)),
    )
    .innerJoin(users, eq(users.id, alertSettings.userId))
    .innerJoin(organisations, eq(organisations.id, alertSettings.organisationId))
    .where(eq(alertSettings.organisationId, organisationId));
}

/** Every organisation someone watches (the daily run). */
export async function watchedOrganisations(db: AppDatabase): Promise<number[]> {
  const rows = await db.selectDistinct({ id: alertSettings.organisationId }).from(alertSettings);
  return rows.map((row) => row.id);
}

/** The stored states of a user's alerts for one organisation, locked until the transaction ends. */
export async function lockedStates(db: AppDatabase, userId: number, organisationId: number) {
  // One lock per user and organisation: two evaluations (two instances) of it run one after the other.
  await db.execute(sql`select pg_advisory_xact_lock(48, ${userId} * 1000003 + ${organisationId})`);
  const rows = await db
    .select({ kind: alertStates.kind, state: alertStates.state })
    .from(alertStates)
    .where(and(eq(alertStates.userId, userId), eq(alertStates.organisationId, organisationId)));
  return new Map(rows.map((row) => [row.kind, row.state]));
}

export async function saveState(db: AppDatabase, userId: number, organisationId: number, kind: string, state: string) {
  await db
    .insert(alertStates)
    .values({ userId, organisationId, kind, state })
    .onConflictDoUpdate({ target: [alertStates.userId, alertStates.organisationId, alertStates.kind], set: { state } });
}

/** Stores an event; false when the same state was already told (nothing stored). */
export async function insertAlert(
  db: AppDatabase,
  values: { userId: number; organisationId: number; kind: string; stateKey: string; message: string },
): Promise<boolean> {
  const rows = await db.insert(alerts).values(values).onConflictDoNothing().returning({ id: alerts.id });
  return rows.length > 0;
}

/** The user's "Hinweise" of the organisations they still belong to, the newest first, and how many are unread. */
export async function listAlerts(db: AppDatabase, userId: number) {
  const member = and(eq(memberships.userId, alerts.userId), eq(memberships.organisationId, alerts.organisationId));
  const rows = await db
    .select({
      id: alerts.id,
      organisationId: alerts.organisationId,
      organisationName: organisations.name,
      kind: alerts.kind,
      message: alerts.message,
      createdAt: alerts.createdAt,
      readAt: alerts.readAt,
    })
    .from(alerts)
    .innerJoin(memberships, member)
    .innerJoin(organisations, eq(organisations.id, alerts.organisationId))
    .where(eq(alerts.userId, userId))
    .orderBy(desc(alerts.createdAt), desc(alerts.id))
    .limit(LIST_LIMIT);
  const [unread] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(alerts)
    .innerJoin(memberships, member)
    .where(and(eq(alerts.userId, userId), isNull(alerts.readAt)));
  return { rows, unread: unread?.count ?? 0 };
}

/** Marks one of the user's "Hinweise" read (now) or unread; false when it is not theirs. */
export async function markAlert(db: AppDatabase, userId: number, id: number, readAt: Date | null): Promise<boolean> {
  const rows = await db
    .update(alerts)
    .set({ readAt })
    .where(and(eq(alerts.id, id), eq(alerts.userId, userId)))
    .returning({ id: alerts.id });
  return rows.length > 0;
}

export async function isSubscribed(db: AppDatabase, userId: number): Promise<boolean> {
  const rows = await db.select().from(digestSubscriptions).where(eq(digestSubscriptions.userId, userId));
  return rows.length > 0;
}

export async function setSubscribed(db: AppDatabase, userId: number, weekly: boolean): Promise<void> {
  if (weekly) await db.insert(digestSubscriptions).values({ userId }).onConflictDoNothing();
  else await db.delete(digestSubscriptions).where(eq(digestSubscriptions.userId, userId));
}

/** The subscribers with their mail address. */
export function subscribers(db: AppDatabase) {
  return db
    .select({ userId: digestSubscriptions.userId, email: users.email })
    .from(digestSubscriptions)
    .innerJoin(users, eq(users.id, digestSubscriptions.userId));
}

export async function hasRun(db: AppDatabase, userId: number, week: string): Promise<boolean> {
  const rows = await db
    .select({ week: digestRuns.week })
    .from(digestRuns)
    .where(and(eq(digestRuns.userId, userId), eq(digestRuns.week, week)));
  return rows.length > 0;
}

/** The shortfalls of the user's last digest before `week` (JSON), or undefined. */
export async function previousShortfalls(db: AppDatabase, userId: number, week: string): Promise<string | undefined> {
  const [row] = await db
    .select({ shortfalls: digestRuns.shortfalls })
    .from(digestRuns)
    .where(and(eq(digestRuns.userId, userId), lt(digestRuns.week, week)))
    .orderBy(desc(digestRuns.week))
    .limit(1);
  return row?.shortfalls;
}

/** Claims the user's digest of `week`; false when another instance (or an earlier run) already did. */
export async function claimRun(db: AppDatabase, userId: number, week: string, shortfalls: string): Promise<boolean> {
  const rows = await db
    .insert(digestRuns)
    .values({ userId, week, shortfalls })
    .onConflictDoNothing()
    .returning({ week: digestRuns.week });
  return rows.length > 0;
}
