import type { Clock } from '../lib/clock.js';
import type { AlertsService } from '../modules/portfolio/alerts.service.js';

const HOUR_MS = 60 * 60_000;

/**
 * The daily evaluation of the alerts (docs/cockpit.md "Alerts"): checked hourly, run on the first
 * check of each Zurich day. Several instances may each run it: an event is stored and mailed once
 * whichever tells it first (the alert's unique state key and the lock per user and organisation).
 */
export function startAlertsJob(alerts: AlertsService, clock: Clock, onError: (error: unknown) => void): () => void {
  let lastDay: string | undefined;
  const tick = () => {
    const today = clock.today();
    if (today === lastDay) return;
    lastDay = today;
    alerts.evaluateAll().catch(onError);
  };
  const timer = setInterval(tick, HOUR_MS);
  timer.unref();
  return () => {
    clearInterval(timer);
    alerts.stop();
  };
}
