import type { Clock } from '../lib/clock.js';
import type { AlertsService } from '../modules/portfolio/alerts.service.js';
import type { DigestService } from '../modules/portfolio/digest.service.js';

const HOUR_MS = 60 * 60_000;

/**
 * The cockpit's job (docs/cockpit.md "Alerts", "Weekly digest"), checked hourly: the alerts of every
 * watched organisation on the first check of each Zurich day, with the stored Übersicht rows the new
 * day made stale (docs/cockpit.md "Stored rows"), and Monday's digests. Several
 * instances may each run it: an event is stored and mailed once whichever tells it first (the
 * alert's unique state key, the lock per user and organisation), a digest once per user and week
 * (its claim).
 */
export function startAlertsJob(
  { alerts, digest, clock }: { alerts: AlertsService; digest: DigestService; clock: Clock },
  onError: (error: unknown) => void,
): () => void {
  let lastDay: string | undefined;
  const tick = () => {
    const today = clock.today();
    if (today !== lastDay) {
      lastDay = today;
      alerts.evaluateAll().catch(onError);
    }
    digest.sendDue().catch(onError);
  };
  const timer = setInterval(tick, HOUR_MS);
  timer.unref();
  return () => {
    clearInterval(timer);
    alerts.stop();
  };
}
