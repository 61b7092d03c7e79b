/**
 * computeForecast: the forecast of docs/forecast.md from plain inputs, pure and deterministic. A model
 * (forecast-model.ts) is built from the input — transactions with the VAT collection, salaries and
 * salary costs into one ledger — and read once: exclusions, VAT settlement, tree, totals, balances
 * and runway. The API keeps such models between requests and updates them instead.
 */

import { ForecastModel, occurrenceParts } from './forecast-model.js';
import { checkPerformance } from './performance.js';
import { parseDay } from './horizon.js';
import type { ForecastInput, ForecastResult, PlannedOccurrence } from './types.js';

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

/**
 * The occurrences planned from `from` to `to` (docs/plan-actual.md "Planned occurrences"): models
 * of those months (`occurrenceParts`: the months before today's with the past figures), read cell by cell — before performance, the exclusions
 * applied, whatever is matched or closed (a plan is what was planned). At most 60 months.
 * @throws RangeError when `to` is before `from` or the period is longer than 60 months.
 */
export function plannedOccurrences(input: ForecastInput, from: string, to: string): PlannedOccurrence[] {
  if (to < from) throw new RangeError(`The period ends before it starts: ${from} … ${to}`);
  const months = parseDay(to).monthIndex - parseDay(from).monthIndex + 1;
  if (months > 60) throw new RangeError(`At most 60 months: ${from} … ${to}`);
  // Each part's model may start before `from` (occurrenceParts): at most 60 months each.
  return occurrenceParts(input, from, to).flatMap((part) =>
    ForecastModel.build(part.input).occurrences(part.from, part.to),
  );
}

/**
 * The occurrences the forecast of `input` counts as überfällig (docs/plan-actual.md "The forecast
 * counts nothing twice"): due before today, not closed, where the statements of their account cover
 * them (docs/plan-actual.md "Coverage"). The same list the forecast adds to its first month, so
 * whatever decides "overdue" decides it here too.
 */
export function overdueOccurrences(input: ForecastInput): PlannedOccurrence[] {
  return ForecastModel.build({ ...input, months: 1 }).overdueOccurrences();
}
