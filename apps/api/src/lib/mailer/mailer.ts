import type { Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDatabase } from '../../db/client.js';
import type { Clock } from '../clock.js';
import { claimDueMails, listRecentMails, markMailDelivered, markMailFailed } from './mail-repository.js';

const LEASE_MS = 5 * 60_000;
/** As long as the longest-lived link in a mail (registration: 24 h): later it would be useless. */
const GIVE_UP_AFTER_MS = 24 * 60 * 60_000;
const RETRY_INTERVAL_MS = 30_000;

export interface MailerOptions {
  db: AppDatabase;
  clock: Clock;
  log: FastifyBaseLogger;
  smtpUrl?: string;
  mailFrom: string;
  /** Development only: the outbox log line carries the mail text (with its link). */
  logMailText: boolean;
}

export type Mailer = ReturnType<typeof createMailer>;

/** Waits 1, 2, 4 ... minutes between attempts, at most an hour. */
function retryDelayMs(attempts: number): number {
  return Math.min(60 * 60_000, 60_000 * 2 ** Math.max(0, attempts - 1));
}

/**
 * Delivers stored mails: over SMTP when SMTP_URL is set, otherwise into the outbox (the mail stays
 * in the database and is logged). Mails are written by the services inside their transactions; this
 * only sends, so a failing mail server never loses a registration — the job tries again.
 */
export function createMailer({ db, clock, log, smtpUrl, mailFrom, logMailText }: MailerOptions) {
  // nodemailer loads with the first mail over SMTP, not at start (docs/deploy.md "Cold start").
  let transport: Promise<Transporter> | undefined;
  const smtpTransport = (): Promise<Transporter> | undefined => {
    if (smtpUrl)
      transport ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(smtpUrl));
    return transport;
  };
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let askedAgain = false;

  async function deliverOnce(): Promise<void> {
    const now = clock.now();
    const due = await claimDueMails(db, now, new Date(now.getTime() + LEASE_MS));
    const smtp = due.length > 0 ? await smtpTransport() : undefined;
    for (const mail of due) {
      if (!smtp) {
        log.info(
          { mailId: mail.id, to: mail.recipient, subject: mail.subject, ...(logMailText ? { text: mail.text } : {}) },
          'mail stored in the outbox',
        );
        await markMailDelivered(db, mail.id, 'stored', clock.now());
        continue;
      }
      try {
        await smtp.sendMail({
          from: mailFrom,
          to: mail.recipient,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
        });
        await markMailDelivered(db, mail.id, 'sent', clock.now());
        log.info({ mailId: mail.id, to: mail.recipient, subject: mail.subject }, 'mail sent');
      } catch (error) {
        const next = clock.now().getTime() + retryDelayMs(mail.attempts);
        const retryAt = next <= mail.createdAt.getTime() + GIVE_UP_AFTER_MS ? new Date(next) : null;
        await markMailFailed(db, mail.id, error instanceof Error ? error.message : String(error), retryAt);
        if (retryAt) log.warn({ mailId: mail.id, attempts: mail.attempts, retryAt, err: error }, 'mail not sent');
        else log.error({ mailId: mail.id, attempts: mail.attempts, err: error }, 'mail given up after 24 hours');
      }
    }
  }

  /** Sends what is due now; a call during a run makes that run look once more. Never throws. */
  function deliverDue(): Promise<void> {
    if (running) {
      askedAgain = true;
      return running;
    }
    running = (async () => {
      do {
        askedAgain = false;
        await deliverOnce();
      } while (askedAgain);
    })()
      .catch((error: unknown) => log.error({ err: error }, 'mail delivery failed'))
      .finally(() => {
        running = undefined;
      });
    return running;
  }

  return {
    deliverDue,
    /** The newest mails (development outbox). */
    async recentMails() {
      const rows = await listRecentMails(db);
      return rows.map((row) => ({
        id: row.id,
        to: row.recipient,
        subject: row.subject,
        text: row.text,
        html: row.html,
        status: row.status,
        createdAt: row.createdAt.toISOString(),
      }));
    },
    /** Starts delivery without making the caller wait (requests answer at once, in constant time). */
    deliverSoon(): void {
      setImmediate(() => void deliverDue());
    },
    startRetryJob(): void {
      timer = setInterval(() => void deliverDue(), RETRY_INTERVAL_MS);
      timer.unref();
    },
    async stop(): Promise<void> {
      if (timer) clearInterval(timer);
      await running;
      (await transport)?.close();
    },
  };
}
