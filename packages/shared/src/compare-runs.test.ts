import { describe, expect, it } from 'vitest';
import { fromRuns, toRuns } from './compare-runs.js';

describe('compare runs', () => {
  it('writes a run only where the amount changes', () => {
    expect(toRuns([0, 0, 0])).toEqual([]);
    expect(toRuns([-500, -500, -500, -500])).toEqual([0, -500]);
    expect(toRuns([0, 0, -50_000])).toEqual([2, -50_000]);
    expect(toRuns([0, 700, 0, 0, 700, 700])).toEqual([1, 700, 2, 0, 4, 700]);
  });

  it('reads back what it wrote', () => {
    let seed = 7;
    const next = () => (seed = (seed * 16_807) % 2_147_483_647);
    for (let turn = 0; turn < 200; turn++) {
      const months = 1 + (next() % 60);
      // Few distinct amounts, so runs of equal ones occur.
      const amounts = Array.from({ length: months }, () => [0, 0, 100, -250, 1][next() % 5] as number);
      expect(fromRuns(toRuns(amounts), months)).toEqual(amounts);
    }
  });

  it('fills the months after the last run and stops at the horizon', () => {
    expect(fromRuns([1, 5], 4)).toEqual([0, 5, 5, 5]);
    expect(fromRuns([], 2)).toEqual([0, 0]);
  });
});
