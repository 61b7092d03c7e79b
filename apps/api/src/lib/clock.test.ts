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

  it('stays on the pinned day overnight: at midnight in Zurich its time of day starts over', () => {
    // 22:30 UTC in November is 23:30 in Zurich (UTC+1); an hour later it is 00:30 of the next real day.
    let real = Date.parse('2030-11-10T22:30:00Z');
    const clock = fixedClock('2026-11-21', () => real);
    expect(clock.today()).toBe('2026-11-21');
    expect(clock.now().toISOString()).toBe('2026-11-21T22:30:00.000Z');
    real += 3_600_000;
    expect(clock.today()).toBe('2026-11-21');
    expect(clock.now().toISOString()).toBe('2026-11-20T23:30:00.000Z');
  });

  it('keeps the real time of day when the real date is in summer time and the pinned one is not', () => {
    // 00:30 in Zurich on a summer night (UTC+2) is 00:30 on the pinned winter day (UTC+1).
    const clock = fixedClock('2026-11-21', () => Date.parse('2030-07-10T22:30:00Z'));
    expect(clock.today()).toBe('2026-11-21');
    expect(clock.now().toISOString()).toBe('2026-11-20T23:30:00.000Z');
  });

  it('keeps the real time of day when the pinned date is in summer time and the real one is not', () => {
    // 23:30 on a winter evening (UTC+1) is 23:30 on the pinned summer day (UTC+2).
    const clock = fixedClock('2026-07-01', () => Date.parse('2030-01-10T22:30:00Z'));
    expect(clock.today()).toBe('2026-07-01');
    expect(clock.now().toISOString()).toBe('2026-07-01T21:30:00.000Z');
  });

  it('keeps milliseconds, so short lifetimes measure exactly', () => {
    let real = Date.parse('2030-05-10T08:00:00.123Z');
    const clock = fixedClock('2026-11-21', () => real);
    const first = clock.now().getTime();
    expect(first % 1000).toBe(123);
    real += 1;
    expect(clock.now().getTime() - first).toBe(1);
  });

  it('the system clock follows real time', () => {
    const before = Date.now();
    expect(systemClock().now().getTime()).toBeGreaterThanOrEqual(before);
  });
});
