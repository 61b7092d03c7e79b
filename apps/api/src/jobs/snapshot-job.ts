import type { Clock } from '../lib/clock.js';
import type { PlanAccuracyService } from '../modules/plan-actual/plan-accuracy.service.js';

const HOUR_MS = 60 * 60_000;

/**
 * The forecast snapshots (docs/plan-actual.md "Accuracy per horizon"): at start and then hourly, on
 * the first check of each Zurich month, every organisation's snapshot of the month. Several
 * instances may each run it: the key (organisation, month) stores one, and an organisation that
 * has its snapshot is not computed again.
 */
export function startSnapshotJob(
  { planAccuracy, clock }: { planAccuracy: PlanAccuracyService; clock: Clock },
  onError: (error: unknown) => void,
): () => void {
  let lastMonth: string | undefined;
  const tick = () => {
    const month = clock.today().slice(0, 7);
    if (month === lastMonth) return;
    lastMonth = month;
    planAccuracy.snapshotAll(onError).catch(onError);
  };
  const timer = setInterval(tick, HOUR_MS);
  timer.unref();
  tick();
  return () => clearInterval(timer);
}
