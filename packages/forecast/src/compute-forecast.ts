/**
 * computeForecast: the forecast of docs/forecast.md from plain inputs, pure and deterministic. A model
 * (forecast-model.ts) is built from the input — transactions with the VAT collection, salaries and
 * salary costs into one ledger — and read once: exclusions, VAT settlement, tree, totals, balances
 * and runway. The API keeps such models between requests and updates them instead.
 */

import { ForecastModel } from './forecast-model.js';
import { checkPerformance } from './performance.js';
import type { ForecastInput, ForecastResult } from './types.js';

/**
 * Computes the forecast: per month revenue, expense, cashflow and end balance (saldo), the details
 * tree per month, the start balance, the currencies without a rate, and the runway. Integer minor
 * units throughout; the same input always gives the same output (no clock, no I/O).
 * @throws RangeError on input the API should have refused (months outside 1–60, performance not an
 * integer 0–200, invalid dates, a repeating transaction without a cycle, an unusable rate);
 * AmountOverflowError when a total is too large to be exact.
 */
export function computeForecast(input: ForecastInput): ForecastResult {
  checkPerformance(input.performance);
  return ForecastModel.build(input).result({ months: input.months, performance: input.performance });
}
