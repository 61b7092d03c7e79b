import {
  DEFAULT_ALERT_SETTINGS,
  type AlertKind,
  type AlertList,
  type AlertSettings,
  type AlertSettingsUpdate,
  alertMessages,
} from '@saldopilot/shared';
import type { AppDatabase } from '../../db/client.js';
import { notFound, validationFailed } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import type { Mailer } from '../../lib/mailer/mailer.js';
import { insertMail } from '../../lib/mailer/mail-repository.js';
import { alertMail } from '../../lib/mailer/mail-templates.js';
import type { Tenant } from '../../lib/tenant.js';
import { alertEventsOf } from './alert-events.js';
import {
  findSettings,
  insertAlert,
  listAlerts,
  lockedStates,
  markAlert,
  saveSettings,
  saveState,
  watchedOrganisations,
  watchersOf,
} from './alerts.repository.js';
import { organisationsWithRows } from './portfolio-rows.repository.js';
import type { PortfolioService } from './portfolio.service.js';

export const alertServiceMessages = {
  notFound: 'Der Hinweis wurde nicht gefunden.',
} as const;

export interface AlertsServiceDeps {
  db: AppDatabase;
  clock: Clock;
  mailer: Mailer;
  publicUrl: string;
  portfolio: PortfolioService;
}

export type AlertsService = ReturnType<typeof createAlertsService>;

/** How long writes to one organisation are gathered before its alerts are evaluated once. */
const GATHER_MS = 500;

/**
 * The alerts (docs/cockpit.md "Alerts"): "Benachrichtigungen" per user and organisation, evaluated
 * after a write to the organisation and once a day; each event stored once ("Hinweise") and mailed
 * through the outbox, in the same transaction.
 */
export function createAlertsService({ db, clock, mailer, publicUrl, portfolio }: AlertsServiceDeps) {
  const pending = new Map<number, NodeJS.Timeout>();
  let running: Promise<void> = Promise.resolve();

  /**
   * Brings the organisation's stored Übersicht row up to date (computed once, whoever watches:
   * docs/cockpit.md "Stored rows") and evaluates every watcher of the organisation with it; answers
   * how many events were told.
   */
  async function evaluateOrganisation(organisationId: number): Promise<number> {
    const current = await portfolio.organisationRow(organisationId);
    if (current === undefined) return 0;
    let told = 0;
    for (const watcher of await watchersOf(db, organisationId)) {
      // Watchers are members (the query joins the memberships) and a session sees salary costs.
      const row = { ...current, name: watcher.organisationName };
      const settings: AlertSettings = {
        shortfall: watcher.shortfall,
        staleDays: watcher.staleDays,
        unmatchedAbove: watcher.unmatchedAbove,
        paymentAbove: watcher.paymentAbove,
        paymentWithinDays: watcher.paymentWithinDays,
      };
      told += await db.transaction(async (tx) => {
        const previous = await lockedStates(tx, watcher.userId, organisationId);
        const { events, states } = alertEventsOf(row, settings, previous, clock.today());
        let stored = 0;
        for (const event of events) {
          const values = { userId: watcher.userId, organisationId, ...event };
          if (!(await insertAlert(tx, values))) continue;
          await insertMail(
            tx,
            alertMail(publicUrl, watcher.email, { id: organisationId, name: watcher.organisationName }, event.message),
            clock.now(),
          );
          stored += 1;
        }
        for (const [kind, state] of states) {
          if (previous.get(kind) !== state) await saveState(tx, watcher.userId, organisationId, kind, state);
        }
        return stored;
      });
    }
    if (told > 0) mailer.deliverSoon();
    return told;
  }

  /** Runs one evaluation after another (one instance never evaluates twice at once). */
  function queued(work: () => Promise<number>): Promise<number> {
    const next = running.then(work);
    running = next.then(
      () => undefined,
      () => undefined,
    );
    return next;
  }

  async function settingsOf(tenant: Tenant): Promise<AlertSettings> {
    const row = await findSettings(db, tenant.userId, tenant.organisationId);
    if (!row) return DEFAULT_ALERT_SETTINGS;
    const { shortfall, staleDays, unmatchedAbove, paymentAbove, paymentWithinDays } = row;
    return { shortfall, staleDays, unmatchedAbove, paymentAbove, paymentWithinDays };
  }

  return {
    /** The caller's settings for the current organisation (the defaults until saved). */
    settings: settingsOf,

    /**
     * Changes the caller's settings for the current organisation and evaluates them at once; a
     * payment alert needs both its amount and its days (400 naming `paymentWithinDays`, nothing stored).
     */
    async saveSettings(tenant: Tenant, changes: AlertSettingsUpdate): Promise<AlertSettings> {
      const settings = { ...(await settingsOf(tenant)), ...changes };
      if ((settings.paymentAbove === null) !== (settings.paymentWithinDays === null)) {
        throw validationFailed({ paymentWithinDays: alertMessages.paymentPair });
      }
      await saveSettings(db, tenant.userId, tenant.organisationId, settings);
      await queued(() => evaluateOrganisation(tenant.organisationId));
      return settings;
    },

    async list(userId: number): Promise<AlertList> {
      const { rows, unread } = await listAlerts(db, userId);
      return {
        data: rows.map((row) => ({
          id: row.id,
          organisationId: row.organisationId,
          organisationName: row.organisationName,
          kind: row.kind as AlertKind,
          message: row.message,
          createdAt: row.createdAt.toISOString(),
          read: row.readAt !== null,
        })),
        unread,
      };
    },

    async mark(userId: number, id: number, read: boolean): Promise<void> {
      if (!(await markAlert(db, userId, id, read ? clock.now() : null))) throw notFound(alertServiceMessages.notFound);
    },

    /** Evaluates the organisation's alerts now (tests, the daily run); answers how many events were told. */
    evaluateOrganisation(organisationId: number): Promise<number> {
      return queued(() => evaluateOrganisation(organisationId));
    },

    /** After a write to the organisation: evaluated once its writes of the next moment are in. */
    afterWrite(organisationId: number, onError: (error: unknown) => void): void {
      if (pending.has(organisationId)) return;
      const timer = setTimeout(() => {
        pending.delete(organisationId);
        queued(() => evaluateOrganisation(organisationId)).catch(onError);
      }, GATHER_MS);
      timer.unref();
      pending.set(organisationId, timer);
    },

    /**
     * The daily run: every watched organisation, and every one with a stored Übersicht row, so the
     * rows the new day made stale are computed before the morning's reads (docs/cockpit.md "Stored rows").
     */
    async evaluateAll(): Promise<number> {
      let told = 0;
      const ids = new Set([...(await watchedOrganisations(db)), ...(await organisationsWithRows(db))]);
      for (const id of ids) told += await queued(() => evaluateOrganisation(id));
      return told;
    },

    /** Waits for the evaluations under way (tests, shutdown). */
    async settled(): Promise<void> {
      while (pending.size > 0) await new Promise((resolve) => setTimeout(resolve, GATHER_MS));
      await running;
    },

    stop(): void {
      for (const timer of pending.values()) clearTimeout(timer);
      pending.clear();
    },
  };
}
