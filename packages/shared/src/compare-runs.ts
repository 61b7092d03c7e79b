/**
 * The differences of a comparison on the wire (docs/scenarios.md "Compare"): a leaf's amounts per
 * month as runs, `[month index, amount, month index, amount, …]`. From each month index on the
 * amount holds up to the next run's index (the last run to the end of the horizon); the months
 * before the first run are 0. So a leaf a percentage changes by the same amount every month is
 * one run, a month a delay moves is two, and the months a lever leaves alone cost nothing.
 */

/** The runs of `amounts` (one per month): a run wherever the amount changes, the leading 0s left out. */
export function toRuns(amounts: readonly number[]): number[] {
  const runs: number[] = [];
  let current = 0;
  amounts.forEach((amount, index) => {
    if (amount === current) return;
    runs.push(index, amount);
    current = amount;
  });
  return runs;
}

/** The amounts of `months` months that `runs` stand for (the inverse of `toRuns`). */
export function fromRuns(runs: readonly number[], months: number): number[] {
  const amounts = new Array<number>(months).fill(0);
  for (let i = 0; i < runs.length; i += 2) {
    const end = i + 2 < runs.length ? Math.min(months, runs[i + 2] as number) : months;
    amounts.fill(runs[i + 1] as number, runs[i] as number, end);
  }
  return amounts;
}
