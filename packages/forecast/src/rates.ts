/**
 * Conversion into the organisation currency (docs/forecast.md "Conversion"): the rate of a currency
 * is looked up here, the rounding is the shared `convertToBase` (the one conversion function).
 */

import { convertToBase } from '@saldopilot/shared';

/**
 * `convertToBase` for the hot loops: without a rate the amount is already in the organisation
 * currency, so the call (and its checks) is skipped; with a rate it is the shared function.
 */
export function convert(amount: number, rate: number | undefined): number {
  return rate === undefined ? amount : convertToBase(amount, rate);
}

/** Rates of one forecast, remembering which codes had none. */
export interface RateBook {
  /** Units of `code` per 1 organisation currency; undefined = 1:1 (same currency or no rate). */
  rateOf(code: string): number | undefined;
  /** The codes that were asked for and had no rate, sorted. */
  missing(): string[];
}

/**
 * A {@link RateBook} over `rates` for the organisation currency `currency`. A code without a rate
 * converts 1:1 (docs/design.md "Currencies") and is remembered so the page can warn; the organisation currency itself never
 * counts as missing.
 */
export function createRateBook(currency: string, rates: Readonly<Record<string, number>>): RateBook {
  const missing = new Set<string>();
  return {
    rateOf(code) {
      if (code === currency) return undefined;
      const rate = Object.hasOwn(rates, code) ? rates[code] : undefined;
      if (rate === undefined) missing.add(code);
      return rate;
    },
    // Plain code order: the codes are ASCII, and the API shows them as they are.
    missing: () => [...missing].sort(),
  };
}
