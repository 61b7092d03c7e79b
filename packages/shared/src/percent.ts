/**
 * Percentages of plan vs actual (docs/plan-actual.md "Plan/Ist"): the one place a share of an amount
 * is rounded, to one decimal.
 */

/** `part` in % of `whole`'s size, one decimal; null when `whole` is 0 (no percentage of nothing). */
export function percentOf(part: number, whole: number): number | null {
  if (whole === 0) return null;
  return Math.round((part / Math.abs(whole)) * 1000) / 10;
}
