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

const DAY_MS = 86_400_000;

const zurichWallClock = new Intl.DateTimeFormat('en-US', {
  timeZone: 'Europe/Zurich',
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

/** What Zurich's wall clock shows at `instantMs`, written as if it were a UTC time (ms). */
function zurichWallMs(instantMs: number): number {
  const parts = zurichWallClock.formatToParts(instantMs);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  const milliseconds = ((instantMs % 1000) + 1000) % 1000;
  return (
    Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second')) + milliseconds
  );
}

/** The instant at which Zurich's wall clock shows `wallMs` (the inverse of zurichWallMs). */
function instantOfZurichWall(wallMs: number): number {
  const guess = wallMs - (zurichWallMs(wallMs) - wallMs);
  return wallMs - (zurichWallMs(guess) - guess);
}

/** The hour (0–23) Zurich's wall clock shows at `instant` (the weekly digest: docs/cockpit.md "Weekly digest"). */
export function zurichHourOf(instant: Date): number {
  return Math.floor((((zurichWallMs(instant.getTime()) % DAY_MS) + DAY_MS) % DAY_MS) / 3_600_000);
}

/** The instant at which Zurich's wall clock shows `date` and `msOfDay` milliseconds after midnight. */
export function zurichInstant(date: string, msOfDay: number): Date {
  return new Date(instantOfZurichWall(Date.parse(`${date}T00:00:00Z`) + msOfDay));
}

/**
 * A clock pinned to a calendar day (FIXED_TODAY): "today" is that day, also overnight, and "now"
 * is that day at the real time of day in Zurich (its own summer-time offset included), so token
 * lifetimes and rate limits keep working. At Zurich midnight "now" starts the pinned day over:
 * the price of a date that never moves, acceptable where FIXED_TODAY is allowed (never production).
 */
export function fixedClock(today: string, realNow: () => number = Date.now): Clock {
  const now = () => zurichInstant(today, ((zurichWallMs(realNow()) % DAY_MS) + DAY_MS) % DAY_MS);
  return { now, today: () => today };
}
