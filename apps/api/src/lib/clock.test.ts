import { describe, expect, it } from 'vitest';
import { fixedClock, systemClock } from './clock.js';

describe('clock', () => {
  it('pins today to FIXED_TODAY while time keeps running', () => {
    let real = Date.parse('2030-05-10T08:00:00Z');
    const clock = fixedClock('2026-11-21', () => real);
    expect(clock.today()).toBe('2026-11-21');
    const first = clock.now().getTime();
    real += 60_000;
    expect(clock.now().getTime() - first).toBe(60_000);
  });

  it('moves to the next day at midnight in Zurich, not at midnight UTC', () => {
    // 22:30 UTC in November is 23:30 in Zurich (UTC+1): one hour later the pinned day has passed.
    let real = Date.parse('2030-11-10T22:30:00Z');
    const clock = fixedClock('2026-11-21', () => real);
    expect(clock.today()).toBe('2026-11-21');
    real += 3_600_000;
    expect(clock.today()).toBe('2026-11-22');
  });

  it('the system clock follows real time', () => {
    const before = Date.now();
    expect(systemClock().now().getTime()).toBeGreaterThanOrEqual(before);
  });
});
