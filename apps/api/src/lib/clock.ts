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

/**
 * A clock that starts on a given calendar day (FIXED_TODAY): the Zurich wall clock is moved by whole
 * days, so it reads the real time of day on the pinned date, and time passes as usual (token
 * lifetimes and rate limits keep working). Moving the wall clock, not the UTC instant, keeps the
 * day right when the real and the pinned date lie on different sides of a summer-time change.
 */
export function fixedClock(today: string, realNow: () => number = Date.now): Clock {
  const realToday = zurichDateOf(new Date(realNow()));
  const shiftMs = Date.parse(`${today}T00:00:00Z`) - Date.parse(`${realToday}T00:00:00Z`);
  const now = () => new Date(instantOfZurichWall(zurichWallMs(realNow()) + shiftMs));
  return { now, today: () => zurichDateOf(now()) };
}
