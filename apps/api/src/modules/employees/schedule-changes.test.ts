import { describe, expect, it } from 'vitest';
import { scheduleChanges } from './salary-schedules.repository.js';

const payment = (costId: number, month: string, amount: number, divider = 1, isExtraMonth = false) => ({
  costId,
  month,
  amount,
  divider,
  isExtraMonth,
});

describe('scheduleChanges', () => {
  it('writes only new and changed payments and deletes the ones no longer due', () => {
    const stored = [payment(1, '2026-11', 100), payment(1, '2026-12', 100), payment(2, '2026-11', 50)];
    const computed = [
      payment(1, '2026-11', 100), // unchanged
      payment(1, '2026-12', 120), // amount changed
      payment(1, '2027-01', 100), // new
      payment(2, '2026-11', 50, 3), // divider changed
    ];
    expect(scheduleChanges(stored, computed)).toEqual({
      deletes: [],
      upserts: [payment(1, '2026-12', 120), payment(1, '2027-01', 100), payment(2, '2026-11', 50, 3)],
    });
    expect(scheduleChanges(stored, [payment(1, '2026-11', 100, 1, true)])).toEqual({
      deletes: [payment(1, '2026-12', 100), payment(2, '2026-11', 50)],
      upserts: [payment(1, '2026-11', 100, 1, true)],
    });
  });

  it('writes nothing when the schedules stayed the same', () => {
    const stored = [payment(1, '2026-11', 100), payment(2, '2026-11', 50)];
    expect(scheduleChanges(stored, [...stored].reverse())).toEqual({ deletes: [], upserts: [] });
  });
});
