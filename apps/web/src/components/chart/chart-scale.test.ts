import { describe, expect, it } from 'vitest';
import { niceTicks } from './chart-scale';

describe('niceTicks', () => {
  it('spans the range with round steps', () => {
    expect(niceTicks(-2_900_000, 1_000_000)).toEqual([-3_000_000, -2_000_000, -1_000_000, 0, 1_000_000]);
    expect(niceTicks(0, 12_345_00)).toEqual([0, 2_500_00, 5_000_00, 7_500_00, 10_000_00, 12_500_00]);
  });

  it('always includes both ends and zero when the range holds it', () => {
    const ticks = niceTicks(-7_77, 123_456_78);
    expect(ticks[0]).toBeLessThanOrEqual(-7_77);
    expect(ticks[ticks.length - 1]).toBeGreaterThanOrEqual(123_456_78);
    expect(ticks).toContain(0);
  });

  it('opens a range around a single value (an empty forecast)', () => {
    const ticks = niceTicks(0, 0);
    expect(ticks[0]).toBeLessThan(0);
    expect(ticks[ticks.length - 1]).toBeGreaterThan(0);
  });
});
