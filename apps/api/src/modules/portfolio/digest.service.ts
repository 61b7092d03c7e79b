import { dayNumber, formatMonthLabel, type PortfolioRow } from '@saldopilot/shared';
import type { AppDatabase } from '../../db/client.js';
import { zurichHourOf, type Clock } from '../../lib/clock.js';
import type { Mailer } from '../../lib/mailer/mailer.js';
import { insertMail } from '../../lib/mailer/mail-repository.js';
import { digestMail } from '../../lib/mailer/mail-templates.js';
import { claimRun, hasRun, isSubscribed, previousShortfalls, setSubscribed, subscribers } from './alerts.repository.js';
import type { PortfolioService } from './portfolio.service.js';

/** The Zurich hour from which Monday's digest goes out. */
export const DIGEST_HOUR = 7;

export interface DigestServiceDeps {
  db: AppDatabase;
  clock: Clock;
  mailer: Mailer;
  publicUrl: string;
  portfolio: PortfolioService;
}

export type DigestService = ReturnType<typeof createDigestService>;

const monthOrNone = (month: string | null) => (month ? formatMonthLabel(month) : 'keine Unterschreitung');

/** The digest's lines: each organisation, the most urgent first, and what changed since `before`. */
export function digestLines(
  rows: readonly Pick<PortfolioRow, 'organisationId' | 'name' | 'shortfallMonth'>[],
  before: Record<string, string | null> | undefined,
) {
  const lines = rows.map(
    (row) =>
      `${row.name}: ${row.shortfallMonth ? `Unterschreitung ab ${formatMonthLabel(row.shortfallMonth)}` : 'keine Unterschreitung'}`,
  );
  const changes: string[] = [];
  if (before) {
    for (const row of rows) {
      const key = String(row.organisationId);
      if (!(key in before)) changes.push(`${row.name}: neu in der Übersicht`);
      else if ((before[key] ?? null) !== row.shortfallMonth) {
        changes.push(`${row.name}: ${monthOrNone(before[key] ?? null)} → ${monthOrNone(row.shortfallMonth)}`);
      }
    }
  }
  return { lines, changes };
}

/**
 * The weekly digest (docs/cockpit.md "Weekly digest"): on Monday from DIGEST_HOUR (Europe/Zurich),
 * one mail per subscriber with their Übersicht; sent once per user and week across instances (the
 * claim of the week is the mail's transaction).
 */
export function createDigestService({ db, clock, mailer, publicUrl, portfolio }: DigestServiceDeps) {
  return {
    async weekly(userId: number): Promise<{ weekly: boolean }> {
      return { weekly: await isSubscribed(db, userId) };
    },

    async setWeekly(userId: number, weekly: boolean): Promise<{ weekly: boolean }> {
      await setSubscribed(db, userId, weekly);
      return { weekly };
    },

    /** Sends the digests due now; answers how many this call sent (0 outside Monday morning). */
    async sendDue(): Promise<number> {
      const today = clock.today();
      // 1970-01-01 was a Thursday: Monday is 4 days on modulo 7.
      if ((dayNumber(today) + 3) % 7 !== 0 || zurichHourOf(clock.now()) < DIGEST_HOUR) return 0;
      let sent = 0;
      for (const { userId, email } of await subscribers(db)) {
        if (await hasRun(db, userId, today)) continue;
        const { rows } = await portfolio.portfolio(userId, true, { current: true });
        const before = await previousShortfalls(db, userId, today);
        const { lines, changes } = digestLines(
          rows,
          before ? (JSON.parse(before) as Record<string, string | null>) : undefined,
        );
        const shortfalls = JSON.stringify(
          Object.fromEntries(rows.map((row) => [row.organisationId, row.shortfallMonth])),
        );
        const claimed = await db.transaction(async (tx) => {
          if (!(await claimRun(tx, userId, today, shortfalls))) return false;
          await insertMail(tx, digestMail(publicUrl, email, lines, changes), clock.now());
          return true;
        });
        if (claimed) sent += 1;
      }
      if (sent > 0) mailer.deliverSoon();
      return sent;
    },
  };
}
