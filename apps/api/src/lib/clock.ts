import { zurichDateOf } from '@saldopilot/shared';

/** The single source of "now" and "today" (Europe/Zurich) for every date rule of the server. */
export interface Clock {
  now(): Date;
  today(): string;
}

/** The real clock. */
export function systemClock(): Clock {
  return { now: () => new Date(), today: () => zurichDateOf(new Date()) };
}

/**
 * A clock pinned to a calendar day (FIXED_TODAY): time still passes within and beyond that day,
 * shifted by whole days, so token lifetimes and rate limits keep working while "today" is fixed.
 */
export function fixedClock(today: string, realNow: () => number = Date.now): Clock {
  const realToday = zurichDateOf(new Date(realNow()));
  const offsetMs = Date.parse(`${today}T00:00:00Z`) - Date.parse(`${realToday}T00:00:00Z`);
  const now = () => new Date(realNow() + offsetMs);
  return { now, today: () => zurichDateOf(now()) };
}
