/**
 * Performance (docs/vat.md): a revenue leaf, or the VAT on revenue of a settlement period
 * (docs/vat.md), times p/100, rounded half away from zero per leaf and month (per period), in
 * integers so no float can shift a Rappen.
 */

import { FORECAST_LIMITS } from '@saldopilot/shared';

/** @throws RangeError when the performance is not an integer within the forecast's limits. */
export function checkPerformance(performance: number): void {
  const { minPerformance, maxPerformance } = FORECAST_LIMITS;
  if (!Number.isInteger(performance) || performance < minPerformance || performance > maxPerformance) {
    throw new RangeError(`performance must be an integer from ${minPerformance} to ${maxPerformance}: ${performance}`);
  }
}

/**
 * `amount` × `percent` / 100 rounded half away from zero. Exact for every safe product; beyond 2^53
 * (amounts above ~45 billion at 200 %) it switches to BigInt.
 * `percent` is an integer 0–200, checked once per result (`checkPerformance`) rather than per leaf.
 */
export function applyPerformance(amount: number, percent: number): number {
  if (percent === 100 || amount === 0) return amount;
  const product = amount * percent;
  if (Number.isSafeInteger(product)) {
    const remainder = product % 100;
    const whole = (product - remainder) / 100;
    const rounded = Math.abs(remainder) >= 50 ? whole + Math.sign(remainder) : whole;
    return rounded === 0 ? 0 : rounded;
  }
  const big = BigInt(amount) * BigInt(percent);
  const remainder = big % 100n;
  const whole = big / 100n;
  const away = remainder >= 50n ? 1n : remainder <= -50n ? -1n : 0n;
  return Number(whole + away);
}
