// Division of two rounded EUR rates leaves float noise (0.30000000000000004); 10 significant digits
// keep far more precision than any published rate has (ECB: 5) while making results stable and comparable.
const SIGNIFICANT_DIGITS = 10;

/**
 * Turns EUR reference rates (units per 1 EUR) into the rates of `base`:
 * `result[target]` = units of target per 1 base = `eurRates[target] / eurRates[base]`, rounded to
 * 10 significant digits; `result[base]` is exactly 1. EUR counts as 1 even when the input omits it.
 *
 * Returns `undefined` when `base` has no usable EUR rate, so callers answer "unknown currency" (404)
 * without a try/catch. Targets whose own rate is unusable (zero, negative, not finite) are left out
 * rather than turned into Infinity or NaN.
 */
export function deriveCrossRates(
  eurRates: Readonly<Record<string, number>>,
  base: string,
): Record<string, number> | undefined {
  const rates: Record<string, number> = { EUR: 1, ...eurRates };
  const baseRate = rates[base];
  if (baseRate === undefined || !isUsableRate(baseRate)) return undefined;
  const crossRates: Record<string, number> = {};
  for (const [target, targetRate] of Object.entries(rates)) {
    if (target === base) crossRates[target] = 1;
    else if (isUsableRate(targetRate)) crossRates[target] = roundToSignificantDigits(targetRate / baseRate);
  }
  return crossRates;
}

/**
 * Combines the bundled fallback rates (every currency, approximate) with freshly fetched ones (about 30
 * from the ECB): a usable fresh value wins for its code, every other code keeps its fallback value.
 * Neither input is changed.
 */
export function mergeRates(
  fallback: Readonly<Record<string, number>>,
  fresh: Readonly<Record<string, number>>,
): Record<string, number> {
  const merged: Record<string, number> = { ...fallback };
  for (const [code, rate] of Object.entries(fresh)) {
    if (isUsableRate(rate)) merged[code] = rate;
  }
  return merged;
}

function isUsableRate(rate: number): boolean {
  return Number.isFinite(rate) && rate > 0;
}

function roundToSignificantDigits(value: number): number {
  return Number(value.toPrecision(SIGNIFICANT_DIGITS));
}
