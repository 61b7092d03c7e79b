import { describe, expect, it } from 'vitest';
import { changesBetween, recordChanges } from './list-changes.js';

describe('changesBetween', () => {
  const a = { id: 1 };
  const b = { id: 2 };
  const b2 = { id: 2 };
  const c = { id: 3 };

  it('follows the records back, the newest item of an id winning, deletions as undefined', () => {
    const first = [a, b];
    const second = recordChanges([a, b2], first, new Map([[2, b2]]));
    const third = recordChanges(
      [b2, c],
      second,
      new Map<number, { id: number } | undefined>([
        [1, undefined],
        [3, c],
      ]),
    );
    expect(changesBetween(first, third)).toEqual(
      new Map<number, unknown>([
        [1, undefined],
        [3, c],
        [2, b2],
      ]),
    );
    expect(changesBetween(second, third)?.has(2)).toBe(false);
    expect(changesBetween(first, first)).toEqual(new Map());
  });

  it('answers undefined where no chain of records leads back (the lists are then compared item by item)', () => {
    const first = [a, b];
    expect(changesBetween(first, [a, b2])).toBeUndefined();
    const other = recordChanges([a, c], [a], new Map([[3, c]]));
    expect(changesBetween(first, other)).toBeUndefined();
  });
});
